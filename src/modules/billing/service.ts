/**
 * Vouchers and the administrators' views of subscriptions. Card subscriptions are
 * payments-service.ts (docs/payments.md).
 */
import Boom from '@hapi/boom';
import type { Database } from '../../db/knex.js';
import type { Clock } from '../../platform/clock.js';
import { ruleRefused } from '../../platform/errors.js';
import { paginate, type Page, type PageRequest } from '../../platform/pagination.js';
import type { Limiter } from '../../platform/rate-limit.js';
import { randomCode } from '../../platform/secrets.js';
import { subscriptionsOf, type VesselSubscription } from './api.js';
import * as repo from './repository.js';
import type { Voucher, VoucherRedemptions } from '../../../contracts/billing.js';

/** What billing needs to know about vessels (the access module's directory). */
export interface VesselNames {
  vesselNames(vesselIds: number[]): Promise<Map<number, string>>;
}

export type VoucherView = Voucher;

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
    /** The server's clock (docs/architecture.md, "One clock"): vouchers expire and terms start by it. */
    private readonly clock: Clock,
  ) {}

  /** Subscribes the vessel with a voucher, extending a running subscription from its end. */
  async redeemVoucher(userId: number, vesselId: number, code: string): Promise<VesselSubscription | null> {
    await this.voucherAttempts.consume(`user:${userId}`);
    await this.db.transaction(async (trx) => {
      const voucher = await repo.findVoucherByCode(trx, code);
      if (!voucher) throw Boom.notFound('Voucher not found');
      const now = new Date(this.clock.now());
      if (voucher.expiresAt && voucher.expiresAt < now.toISOString()) throw ruleRefused('This voucher has expired');
      if (!(await repo.claimVoucherUse(trx, voucher))) throw ruleRefused('This voucher has already been used');
      const current = (await subscriptionsOf(trx, [vesselId], now)).get(vesselId);
      const start = current?.valid && current.validUntil ? new Date(current.validUntil) : now;
      // The voucher's months follow a running card subscription, which then no longer renews by card.
      for (const running of await repo.subscriptionsOfVessels(trx, [vesselId]))
        if (running.autoRenew) await repo.updateSubscription(trx, running.id, { autoRenew: false });
      await repo.insertSubscription(trx, {
        vesselId,
        productIds: voucher.productIds,
        validFrom: start.toISOString(),
        validUntil: addMonths(start, voucher.months).toISOString(),
        voucherId: voucher.id,
      });
    });
    return (await subscriptionsOf(this.db, [vesselId], new Date(this.clock.now()))).get(vesselId) ?? null;
  }

  products(): Promise<repo.Product[]> {
    return repo.allProducts(this.db);
  }

  async vouchers(): Promise<VoucherView[]> {
    return (await repo.allVouchers(this.db)).map((v) => voucherView(v));
  }

  async createVoucher(createdBy: number | null, input: { productIds: number[]; months: number; maxUses: number; expiresAt?: string }): Promise<VoucherView> {
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

  /** A page of vouchers (codes masked), newest first unless sorted otherwise. */
  async pageVouchers(request: PageRequest<repo.VoucherFilter>): Promise<Page<VoucherView>> {
    return paginate(
      repo.vouchersQuery(this.db, request.filter, new Date(this.clock.now()).toISOString()),
      request,
      repo.VOUCHER_SORTS,
      ['created_at', 'desc'],
      (r: repo.VoucherRow) => voucherView(repo.toVoucher(r)),
    );
  }

  /** Who redeemed a voucher: the subscriptions it paid for, with the vessels' names. */
  async redemptions(voucherId: number): Promise<VoucherRedemptions> {
    const voucher = await repo.findVoucher(this.db, voucherId);
    if (!voucher) throw Boom.notFound('Voucher not found');
    const subscriptions = await repo.subscriptionsOfVoucher(this.db, voucherId);
    const names = await this.vessels.vesselNames(subscriptions.map((s) => s.vesselId));
    return {
      voucher: voucherView(voucher),
      redemptions: subscriptions.map((s) => ({
        subscriptionId: s.id,
        vesselId: s.vesselId,
        vesselName: names.get(s.vesselId) ?? null,
        redeemedAt: s.createdAt,
        validFrom: s.validFrom,
        validUntil: s.validUntil,
      })),
    };
  }

  async createProduct(input: repo.ProductInput): Promise<repo.Product> {
    if (await repo.productCodeTaken(this.db, input.code)) throw Boom.conflict('A product with this code already exists');
    return (await repo.findProduct(this.db, await repo.insertProduct(this.db, input)))!;
  }

  /** Edits a product; subscriptions already sold keep their terms (they store their own end date). */
  async updateProduct(id: number, input: Partial<repo.ProductInput>): Promise<repo.Product> {
    if (!(await repo.findProduct(this.db, id))) throw Boom.notFound('Product not found');
    if (input.code && (await repo.productCodeTaken(this.db, input.code, id))) throw Boom.conflict('A product with this code already exists');
    await repo.updateProduct(this.db, id, input);
    return (await repo.findProduct(this.db, id))!;
  }
}
