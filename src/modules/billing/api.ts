/**
 * What other modules may ask of the billing module: the subscriptions of vessels, whether a
 * vessel's cloud services are on (the unsubscribed-vessel rule), and what a voucher code gives. Voucher codes are guessable secrets, so looking one up counts against the
 * caller's voucher attempts (10 an hour, shared with redemption).
 */
import type { Db } from '../../db/knex.js';
import type { AppContext } from '../../platform/context.js';
import type { Limiter, RateLimits } from '../../platform/rate-limit.js';
import { nowIso } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import { type CloudService, type CloudServices, SUBSCRIPTION_TERMS, type VoucherOffer } from '../../../contracts/billing.js';
import * as repo from './repository.js';

export type { CloudService, CloudServices } from '../../../contracts/billing.js';
export { SUBSCRIPTION_TERMS } from '../../../contracts/billing.js';

export type { Product, ProductInput } from './repository.js';
/** The operator's billing (products, vouchers, subscriptions), as the admin CLI reaches it: `server.plugins.billing.api`. */
export type { BillingService } from './service.js';

/** 10 voucher lookups or redemptions an hour per user. */
export const VOUCHER_ATTEMPTS = { points: 10, windowSeconds: 3600 };

/** The one counter of voucher attempts, shared by lookups and redemptions. */
export const voucherAttempts = (limits: RateLimits): Limiter =>
  limits.limiter('voucher-code', VOUCHER_ATTEMPTS, 'Too many voucher codes tried. Please try again later.');

export type { VoucherOffer };

/** A voucher's offer, or null when the code is unknown, used up or expired; case does not matter. */
export async function voucherDetails(db: Db, code: string): Promise<VoucherOffer | null> {
  const voucher = await repo.findVoucherByCode(db, code);
  if (!voucher || voucher.usedCount >= voucher.maxUses || (voucher.expiresAt && voucher.expiresAt < nowIso())) return null;
  return {
    code: voucher.code,
    months: voucher.months,
    expiresAt: voucher.expiresAt,
    usesLeft: voucher.maxUses - voucher.usedCount,
    products: await repo.productsByIds(db, voucher.productIds),
  };
}

/** `voucherDetails` for a signed-in user, counted against their voucher attempts (429 once over). */
export async function lookUpVoucher(ctx: Pick<AppContext, 'db' | 'limits'>, userId: number, code: string): Promise<VoucherOffer | null> {
  await voucherAttempts(ctx.limits).consume(`user:${userId}`);
  return voucherDetails(ctx.db, code);
}

export interface VesselSubscription {
  valid: boolean;
  validUntil: string | null;
  productIds: number[];
}

/**
 * The subscription of each vessel: valid while any of its subscriptions covers now (a voucher
 * redeemed on a running subscription starts when that one ends), until the latest end, with the
 * products of the one running now (else of the latest).
 */
export async function subscriptionsOf(db: Db, vesselIds: number[], at: Date): Promise<Map<number, VesselSubscription>> {
  const now = at.toISOString();
  const out = new Map<number, VesselSubscription>();
  const running = new Set<number>();
  for (const s of await repo.subscriptionsOfVessels(db, vesselIds)) {
    const covers = s.validFrom <= now && s.validUntil > now;
    const held = out.get(s.vesselId);
    out.set(s.vesselId, {
      valid: covers || Boolean(held?.valid),
      validUntil: s.validUntil,
      productIds: covers || !running.has(s.vesselId) ? s.productIds : held!.productIds,
    });
    if (covers) running.add(s.vesselId);
  }
  return out;
}

const DAY_MS = 86_400_000;

/**
 * Whether each vessel's cloud services are on: a valid subscription, or the test period of
 * SUBSCRIPTION_TERMS.testPeriodDays after its bridge was first paired (docs/decisions.md,
 * "Billing"). `firstPairedAt` comes from the bridges module (server.ts and the vessel view pass it).
 */
export async function cloudServicesOf(db: Db, firstPairedAt: Map<number, string | null>, now: Date): Promise<Map<number, CloudServices>> {
  const subscriptions = await subscriptionsOf(db, [...firstPairedAt.keys()], now);
  const out = new Map<number, CloudServices>();
  for (const [vesselId, pairedAt] of firstPairedAt) {
    const subscribed = Boolean(subscriptions.get(vesselId)?.valid);
    const testPeriodUntil = pairedAt ? new Date(new Date(pairedAt).getTime() + SUBSCRIPTION_TERMS.testPeriodDays * DAY_MS).toISOString() : null;
    const inTestPeriod = testPeriodUntil !== null && testPeriodUntil > now.toISOString();
    const subscribedUntil = subscriptions.get(vesselId)?.validUntil ?? null;
    // The later of the two ends: while active, when the services stop; once over, when they stopped.
    const until = [subscribedUntil, testPeriodUntil].reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);
    const active = subscribed || inTestPeriod;
    out.set(vesselId, { active, subscribed, testPeriodUntil, inTestPeriod, activeUntil: active ? until : null, endedAt: active ? null : until });
  }
  return out;
}

const WHAT: Record<CloudService, { refused: string; again: string }> = {
  live: { refused: 'Live values are not shown', again: 'to see its live values again' },
  commands: { refused: 'Commands are not sent', again: 'to control its devices again' },
  history: {
    refused: `History from more than ${SUBSCRIPTION_TERMS.testPeriodDays} days before the services ended is not shown`,
    again: 'to see its whole history',
  },
};

/**
 * The 418 an unsubscribed vessel answers for a cloud service, saying why and how to renew. The
 * dates are ISO days so the message reads the same everywhere it is shown verbatim.
 */
export async function cloudServiceRefusal(db: Db, vesselId: number, service: CloudService, services: CloudServices, now: Date) {
  const last = (await subscriptionsOf(db, [vesselId], now)).get(vesselId);
  const day = (iso: string) => iso.slice(0, 10);
  const why = last?.validUntil
    ? `this vessel's subscription ended on ${day(last.validUntil)}`
    : services.testPeriodUntil
      ? `this vessel has no subscription and its ${SUBSCRIPTION_TERMS.testPeriodDays}-day test period ended on ${day(services.testPeriodUntil)}`
      : 'this vessel has no subscription';
  return ruleRefused(`${WHAT[service].refused}: ${why}. Subscribe or renew on the vessel's Subscription page ${WHAT[service].again}.`);
}

export interface SubscriptionRecord {
  validFrom: string;
  validUntil: string;
  productIds: number[];
  voucherId: number | null;
}

/** The latest-ending subscription record of each vessel that ever had one (the admin console's list). */
export async function latestSubscriptionRecords(db: Db, vesselIds: number[]): Promise<Map<number, SubscriptionRecord>> {
  const out = new Map<number, SubscriptionRecord>();
  for (const s of await repo.subscriptionsOfVessels(db, vesselIds))
    out.set(s.vesselId, { validFrom: s.validFrom, validUntil: s.validUntil, productIds: s.productIds, voucherId: s.voucherId });
  return out;
}
