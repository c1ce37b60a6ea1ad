/**
 * What other modules may ask of the billing module: the subscriptions of vessels, and what a
 * voucher code gives. Voucher codes are guessable secrets, so looking one up counts against the
 * caller's voucher attempts (10 an hour, shared with redemption).
 */
import type { Db } from '../../db/knex.js';
import type { AppContext } from '../../platform/context.js';
import type { Limiter, RateLimits } from '../../platform/rate-limit.js';
import { nowIso } from '../../db/knex.js';
import * as repo from './repository.js';

export type { Product } from './repository.js';

/** 10 voucher lookups or redemptions an hour per user. */
export const VOUCHER_ATTEMPTS = { points: 10, windowSeconds: 3600 };

/** The one counter of voucher attempts, shared by lookups and redemptions. */
export const voucherAttempts = (limits: RateLimits): Limiter =>
  limits.limiter('voucher-code', VOUCHER_ATTEMPTS, 'Too many voucher codes tried. Please try again later.');

export interface VoucherOffer {
  code: string;
  months: number;
  expiresAt: string | null;
  usesLeft: number;
  products: repo.Product[];
}

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

/** The current (latest-ending) subscription of each vessel. */
export async function subscriptionsOf(db: Db, vesselIds: number[]): Promise<Map<number, VesselSubscription>> {
  const now = nowIso();
  const out = new Map<number, VesselSubscription>();
  for (const s of await repo.subscriptionsOfVessels(db, vesselIds))
    out.set(s.vesselId, { valid: s.validFrom <= now && s.validUntil > now, validUntil: s.validUntil, productIds: s.productIds });
  return out;
}
