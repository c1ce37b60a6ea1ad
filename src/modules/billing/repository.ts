/**
 * The billing module's tables: products, vouchers, vessel_subscriptions. Only this file touches
 * them. Voucher codes are stored upper-case and looked up upper-case (docs/decisions.md).
 */
import type { Db } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';

export interface ProductRow {
  id: number;
  code: string;
  name: string;
  description: string;
  price_pence: number;
  currency: string;
  term_months: number;
  active: boolean | number;
}

export interface Product {
  id: number;
  code: string;
  name: string;
  description: string;
  pricePence: number;
  currency: string;
  termMonths: number;
  active: boolean;
}

export const toProduct = (r: ProductRow): Product => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  pricePence: r.price_pence,
  currency: r.currency,
  termMonths: r.term_months,
  active: Boolean(r.active),
});

export interface VoucherRow {
  id: number;
  code: string;
  product_ids: string;
  months: number;
  max_uses: number;
  used_count: number;
  expires_at: string | null;
  created_by: number | null;
  created_at: string;
}

export interface Voucher {
  id: number;
  code: string;
  productIds: number[];
  months: number;
  maxUses: number;
  usedCount: number;
  expiresAt: string | null;
  createdAt: string;
}

export const toVoucher = (r: VoucherRow): Voucher => ({
  id: r.id,
  code: r.code,
  productIds: JSON.parse(r.product_ids) as number[],
  months: r.months,
  maxUses: r.max_uses,
  usedCount: r.used_count,
  expiresAt: r.expires_at ?? null,
  createdAt: r.created_at,
});

export interface SubscriptionRow {
  id: number;
  vessel_id: number;
  product_ids: string;
  valid_from: string;
  valid_until: string;
  voucher_id: number | null;
  created_at: string;
}

export interface Subscription {
  id: number;
  vesselId: number;
  productIds: number[];
  validFrom: string;
  validUntil: string;
  voucherId: number | null;
}

export const toSubscription = (r: SubscriptionRow): Subscription => ({
  id: r.id,
  vesselId: r.vessel_id,
  productIds: JSON.parse(r.product_ids) as number[],
  validFrom: r.valid_from,
  validUntil: r.valid_until,
  voucherId: r.voucher_id,
});

/** How codes are compared: surrounding spaces and case do not matter. */
export const normaliseVoucherCode = (code: string): string => code.trim().toUpperCase();

export async function allProducts(db: Db): Promise<Product[]> {
  return (await db<ProductRow>('products').orderBy('id')).map(toProduct);
}

export async function productsByIds(db: Db, ids: number[]): Promise<Product[]> {
  if (!ids.length) return [];
  return (await db<ProductRow>('products').whereIn('id', ids).orderBy('id')).map(toProduct);
}

export async function findVoucherByCode(db: Db, code: string): Promise<Voucher | null> {
  const row = await db<VoucherRow>('vouchers')
    .where({ code: normaliseVoucherCode(code) })
    .first();
  return row ? toVoucher(row) : null;
}

export async function findVoucher(db: Db, id: number): Promise<Voucher | null> {
  const row = await db<VoucherRow>('vouchers').where({ id }).first();
  return row ? toVoucher(row) : null;
}

export async function allVouchers(db: Db): Promise<Voucher[]> {
  return (await db<VoucherRow>('vouchers').orderBy('id', 'desc')).map(toVoucher);
}

export async function insertVoucher(
  db: Db,
  v: { code: string; productIds: number[]; months: number; maxUses: number; expiresAt: string | null; createdBy: number },
): Promise<number> {
  return insertId(db, 'vouchers', {
    code: normaliseVoucherCode(v.code),
    product_ids: JSON.stringify(v.productIds),
    months: v.months,
    max_uses: v.maxUses,
    expires_at: v.expiresAt,
    created_by: v.createdBy,
    created_at: nowIso(),
  });
}

/** Takes one use of a voucher; false when it was used up, even by a redemption running at the same moment. */
export async function claimVoucherUse(db: Db, voucher: Voucher): Promise<boolean> {
  const changed = await db<VoucherRow>('vouchers').where({ id: voucher.id }).where('used_count', '<', voucher.maxUses).increment('used_count', 1);
  return changed > 0;
}

/** Subscriptions of the vessels, the latest-ending last. */
export async function subscriptionsOfVessels(db: Db, vesselIds: number[]): Promise<Subscription[]> {
  if (!vesselIds.length) return [];
  return (await db<SubscriptionRow>('vessel_subscriptions').whereIn('vessel_id', vesselIds).orderBy('valid_until', 'asc')).map(toSubscription);
}

export async function allSubscriptions(db: Db): Promise<Subscription[]> {
  return (await db<SubscriptionRow>('vessel_subscriptions').orderBy('id', 'desc')).map(toSubscription);
}

export async function insertSubscription(db: Db, s: Omit<Subscription, 'id'>): Promise<void> {
  await db<SubscriptionRow>('vessel_subscriptions').insert({
    vessel_id: s.vesselId,
    product_ids: JSON.stringify(s.productIds),
    valid_from: s.validFrom,
    valid_until: s.validUntil,
    voucher_id: s.voucherId,
    created_at: nowIso(),
  });
}
