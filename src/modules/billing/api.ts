/**
 * What other modules may ask of the billing module.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { nowIso } from '../../db/knex.js';

type Db = Database | Knex.Transaction;

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

export const toProduct = (r: any): Product => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  pricePence: r.price_pence,
  currency: r.currency,
  termMonths: r.term_months,
  active: Boolean(r.active),
});

/** A voucher's offer, or null when the code is unknown, used up or expired. */
export async function voucherDetails(db: Db, code: string) {
  const row = await db('vouchers').where({ code }).first();
  if (!row || row.used_count >= row.max_uses || (row.expires_at && row.expires_at < nowIso())) return null;
  const productIds: number[] = JSON.parse(row.product_ids);
  const products = await db('products').whereIn('id', productIds);
  return { code: row.code, months: row.months, expiresAt: row.expires_at ?? null, usesLeft: row.max_uses - row.used_count, products: products.map(toProduct) };
}

export interface VesselSubscription {
  valid: boolean;
  validUntil: string | null;
  productIds: number[];
}

/** The current (latest-ending) subscription of each vessel. */
export async function subscriptionsOf(db: Db, vesselIds: number[]): Promise<Map<number, VesselSubscription>> {
  if (!vesselIds.length) return new Map();
  const rows = await db('vessel_subscriptions').whereIn('vessel_id', vesselIds).orderBy('valid_until', 'asc');
  const now = nowIso();
  const out = new Map<number, VesselSubscription>();
  for (const r of rows) out.set(r.vessel_id, { valid: r.valid_from <= now && r.valid_until > now, validUntil: r.valid_until, productIds: JSON.parse(r.product_ids) });
  return out;
}
