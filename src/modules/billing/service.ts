/**
 * Subscriptions and vouchers. Redeeming a voucher is the one way to subscribe in this
 * installation: card payments need a payment provider account, configured per deployment and
 * not part of this code base (docs/decisions.md).
 */
import Boom from '@hapi/boom';
import type { Database } from '../../db/knex.js';
import { nowIso } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import type { Limiter } from '../../platform/rate-limit.js';
import { randomCode } from '../../platform/secrets.js';
import { subscriptionsOf, type VesselSubscription } from './api.js';
import * as repo from './repository.js';

/** What billing needs to know about vessels (the access module's directory). */
export interface VesselNames {
  vesselNames(vesselIds: number[]): Promise<Map<number, string>>;
}

export interface VoucherView {
  id: number;
  code: string;
  productIds: number[];
  months: number;
  maxUses: number;
  usedCount: number;
  expiresAt: string | null;
  createdAt: string;
}

/** Lists show only the start of a code; the full code is answered once, and to showCode. */
const voucherView = (v: repo.Voucher, showCode = false): VoucherView => ({
  id: v.id,
  code: showCode ? v.code : `${v.code.slice(0, 3)}…`,
  productIds: v.productIds,
  months: v.months,
  maxUses: v.maxUses,
  usedCount: v.usedCount,
  expiresAt: v.expiresAt,
  createdAt: v.createdAt,
});

const addMonths = (from: Date, months: number) => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

export class BillingService {
  constructor(
    private readonly db: Database,
    private readonly vessels: VesselNames,
    private readonly voucherAttempts: Limiter,
  ) {}

  /** Subscribes the vessel with a voucher, extending a running subscription from its end. */
  async redeemVoucher(userId: number, vesselId: number, code: string): Promise<VesselSubscription | null> {
    await this.voucherAttempts.consume(`user:${userId}`);
    await this.db.transaction(async (trx) => {
      const voucher = await repo.findVoucherByCode(trx, code);
      if (!voucher) throw Boom.notFound('Voucher not found');
      if (voucher.expiresAt && voucher.expiresAt < nowIso()) throw ruleRefused('This voucher has expired');
      if (!(await repo.claimVoucherUse(trx, voucher))) throw ruleRefused('This voucher has already been used');
      const current = (await subscriptionsOf(trx, [vesselId])).get(vesselId);
      const start = current?.valid && current.validUntil ? new Date(current.validUntil) : new Date();
      await repo.insertSubscription(trx, {
        vesselId,
        productIds: voucher.productIds,
        validFrom: start.toISOString(),
        validUntil: addMonths(start, voucher.months).toISOString(),
        voucherId: voucher.id,
      });
    });
    return (await subscriptionsOf(this.db, [vesselId])).get(vesselId) ?? null;
  }

  products(): Promise<repo.Product[]> {
    return repo.allProducts(this.db);
  }

  async subscriptions() {
    const all = await repo.allSubscriptions(this.db);
    const names = await this.vessels.vesselNames(all.map((s) => s.vesselId));
    const now = nowIso();
    return all.map((s) => ({ ...s, vesselName: names.get(s.vesselId) ?? null, valid: s.validFrom <= now && s.validUntil > now }));
  }

  async vouchers(): Promise<VoucherView[]> {
    return (await repo.allVouchers(this.db)).map((v) => voucherView(v));
  }

  async createVoucher(createdBy: number, input: { productIds: number[]; months: number; maxUses: number; expiresAt?: string }): Promise<VoucherView> {
    const known = await repo.productsByIds(this.db, input.productIds);
    if (known.length !== new Set(input.productIds).size) throw Boom.badRequest('productIds contains an unknown product');
    const id = await repo.insertVoucher(this.db, {
      code: randomCode(12),
      productIds: input.productIds,
      months: input.months,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
      createdBy,
    });
    return voucherView((await repo.findVoucher(this.db, id))!, true);
  }

  async voucherWithCode(id: number): Promise<VoucherView> {
    const voucher = await repo.findVoucher(this.db, id);
    if (!voucher) throw Boom.notFound('Voucher not found');
    return voucherView(voucher, true);
  }
}
