/**
 * The billing module's tables: products, vouchers, vessel_subscriptions, payment_methods and
 * invoices. Only this file touches them. Voucher codes are stored upper-case and looked up upper-case (docs/decisions.md).
 */
import type { Db } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';
import type { InvoiceLine, Invoice as InvoiceView, PaymentMethodView, Product, ProductInput as ProductInputView, Voucher } from '../../../contracts/billing.js';

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

export type { Product };

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

export type { Voucher };

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
  renewal_product_ids?: string | null;
  auto_renew?: boolean | number;
  notice_given_at?: string | null;
  ended_at?: string | null;
  payment_method_id?: number | null;
  payer_id?: number | null;
}

export interface Subscription {
  id: number;
  vesselId: number;
  productIds: number[];
  validFrom: string;
  validUntil: string;
  voucherId: number | null;
  /** What the next term holds (products taken off mid-term stay until the term ends). */
  renewalProductIds: number[];
  autoRenew: boolean;
  noticeGivenAt: string | null;
  endedAt: string | null;
  paymentMethodId: number | null;
  payerId: number | null;
}

export const toSubscription = (r: SubscriptionRow): Subscription => ({
  id: r.id,
  vesselId: r.vessel_id,
  productIds: JSON.parse(r.product_ids) as number[],
  validFrom: r.valid_from,
  validUntil: r.valid_until,
  voucherId: r.voucher_id,
  renewalProductIds: r.renewal_product_ids ? (JSON.parse(r.renewal_product_ids) as number[]) : (JSON.parse(r.product_ids) as number[]),
  autoRenew: Boolean(r.auto_renew),
  noticeGivenAt: r.notice_given_at ?? null,
  endedAt: r.ended_at ?? null,
  paymentMethodId: r.payment_method_id ?? null,
  payerId: r.payer_id ?? null,
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
  v: { code: string; productIds: number[]; months: number; maxUses: number; expiresAt: string | null; createdBy: number | null },
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

export type NewSubscription = Pick<Subscription, 'vesselId' | 'productIds' | 'validFrom' | 'validUntil' | 'voucherId'> &
  Partial<Pick<Subscription, 'autoRenew' | 'paymentMethodId' | 'payerId'>>;

export async function insertSubscription(db: Db, s: NewSubscription): Promise<number> {
  return insertId(db, 'vessel_subscriptions', {
    vessel_id: s.vesselId,
    product_ids: JSON.stringify(s.productIds),
    renewal_product_ids: JSON.stringify(s.productIds),
    valid_from: s.validFrom,
    valid_until: s.validUntil,
    voucher_id: s.voucherId,
    auto_renew: s.autoRenew ?? false,
    payment_method_id: s.paymentMethodId ?? null,
    payer_id: s.payerId ?? null,
    created_at: nowIso(),
  });
}

export async function findSubscription(db: Db, id: number): Promise<Subscription | null> {
  const row = await db<SubscriptionRow>('vessel_subscriptions').where({ id }).first();
  return row ? toSubscription(row) : null;
}

export async function updateSubscription(
  db: Db,
  id: number,
  patch: Partial<Pick<Subscription, 'productIds' | 'renewalProductIds' | 'validUntil' | 'autoRenew' | 'noticeGivenAt' | 'endedAt' | 'paymentMethodId'>>,
): Promise<void> {
  const row: Partial<SubscriptionRow> = {};
  if (patch.productIds) row.product_ids = JSON.stringify(patch.productIds);
  if (patch.renewalProductIds) row.renewal_product_ids = JSON.stringify(patch.renewalProductIds);
  if (patch.validUntil !== undefined) row.valid_until = patch.validUntil;
  if (patch.autoRenew !== undefined) row.auto_renew = patch.autoRenew;
  if (patch.noticeGivenAt !== undefined) row.notice_given_at = patch.noticeGivenAt;
  if (patch.endedAt !== undefined) row.ended_at = patch.endedAt;
  if (patch.paymentMethodId !== undefined) row.payment_method_id = patch.paymentMethodId;
  await db<SubscriptionRow>('vessel_subscriptions').where({ id }).update(row);
}

/** Paid subscriptions whose term has ended and that renew (no notice given). */
export async function dueRenewals(db: Db, at: string): Promise<Subscription[]> {
  return (await db<SubscriptionRow>('vessel_subscriptions').where({ auto_renew: true }).whereNull('ended_at').where('valid_until', '<=', at).orderBy('id')).map(
    toSubscription,
  );
}

/** Auto-renewing subscriptions a card pays for. */
export async function renewalsPaidBy(db: Db, paymentMethodId: number): Promise<Subscription[]> {
  return (await db<SubscriptionRow>('vessel_subscriptions').where({ payment_method_id: paymentMethodId, auto_renew: true }).whereNull('ended_at')).map(
    toSubscription,
  );
}

// Payment methods: the provider keeps the card; a row holds its brand, last four digits and expiry.

export interface PaymentMethodRow {
  id: number;
  user_id: number;
  provider: string;
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  created_at: string;
  removed_at: string | null;
}

/** A stored card: the answered one (contracts/billing.ts) and where the provider keeps it. */
export type PaymentMethod = Omit<PaymentMethodView, 'pays'> & { userId: number; provider: string; providerRef: string };

const toPaymentMethod = (r: PaymentMethodRow): PaymentMethod => ({
  id: r.id,
  userId: r.user_id,
  provider: r.provider,
  providerRef: r.provider_ref,
  brand: r.brand,
  last4: r.last4,
  expMonth: r.exp_month,
  expYear: r.exp_year,
  holderName: r.holder_name,
  createdAt: r.created_at,
});

export async function insertPaymentMethod(db: Db, m: Omit<PaymentMethod, 'id' | 'createdAt'>): Promise<number> {
  return insertId(db, 'payment_methods', {
    user_id: m.userId,
    provider: m.provider,
    provider_ref: m.providerRef,
    brand: m.brand,
    last4: m.last4,
    exp_month: m.expMonth,
    exp_year: m.expYear,
    holder_name: m.holderName,
    created_at: nowIso(),
  });
}

/** The user's cards (not removed), newest first. */
export async function paymentMethodsOf(db: Db, userId: number): Promise<PaymentMethod[]> {
  return (await db<PaymentMethodRow>('payment_methods').where({ user_id: userId }).whereNull('removed_at').orderBy('id', 'desc')).map(toPaymentMethod);
}

/** One of the user's cards, or null (another user's cards look missing). */
export async function findPaymentMethod(db: Db, userId: number, id: number): Promise<PaymentMethod | null> {
  const row = await db<PaymentMethodRow>('payment_methods').where({ id, user_id: userId }).whereNull('removed_at').first();
  return row ? toPaymentMethod(row) : null;
}

export async function findPaymentMethodById(db: Db, id: number): Promise<PaymentMethod | null> {
  const row = await db<PaymentMethodRow>('payment_methods').where({ id }).whereNull('removed_at').first();
  return row ? toPaymentMethod(row) : null;
}

export async function removePaymentMethod(db: Db, id: number): Promise<void> {
  await db<PaymentMethodRow>('payment_methods').where({ id }).update({ removed_at: nowIso() });
  await db<SubscriptionRow>('vessel_subscriptions').where({ payment_method_id: id }).update({ payment_method_id: null });
}

// Invoices: one per charge, readable by the payer.

export type { InvoiceLine };

export interface InvoiceRow {
  id: number;
  number: string;
  payer_id: number | null;
  vessel_id: number | null;
  vessel_name: string;
  subscription_id: number | null;
  kind: string;
  issued_at: string;
  currency: string;
  lines: string;
  net_pence: number;
  vat_pence: number;
  total_pence: number;
  card: string;
  provider_ref: string;
  refunded_at: string | null;
}

/** The stored invoice: the answered one (contracts/billing.ts) and who paid it. */
export interface Invoice extends InvoiceView {
  payerId: number | null;
  subscriptionId: number | null;
  providerRef: string;
}

const toInvoice = (r: InvoiceRow): Invoice => ({
  id: r.id,
  number: r.number,
  payerId: r.payer_id,
  vesselId: r.vessel_id,
  vesselName: r.vessel_name,
  subscriptionId: r.subscription_id,
  kind: r.kind as Invoice['kind'],
  issuedAt: r.issued_at,
  currency: r.currency,
  lines: JSON.parse(r.lines) as InvoiceLine[],
  netPence: r.net_pence,
  vatPence: r.vat_pence,
  totalPence: r.total_pence,
  card: r.card,
  providerRef: r.provider_ref,
  refundedAt: r.refunded_at ?? null,
});

/** Stores an invoice and numbers it `VL-<year>-<id, six digits>`. */
export async function insertInvoice(db: Db, i: Omit<Invoice, 'id' | 'number' | 'refundedAt'>): Promise<Invoice> {
  const id = await insertId(db, 'invoices', {
    number: `pending-${Math.random().toString(36).slice(2)}`,
    payer_id: i.payerId,
    vessel_id: i.vesselId,
    vessel_name: i.vesselName,
    subscription_id: i.subscriptionId,
    kind: i.kind,
    issued_at: i.issuedAt,
    currency: i.currency,
    lines: JSON.stringify(i.lines),
    net_pence: i.netPence,
    vat_pence: i.vatPence,
    total_pence: i.totalPence,
    card: i.card,
    provider_ref: i.providerRef,
  });
  const number = `VL-${i.issuedAt.slice(0, 4)}-${String(id).padStart(6, '0')}`;
  await db<InvoiceRow>('invoices').where({ id }).update({ number });
  return { ...i, id, number, refundedAt: null };
}

export async function invoicesOf(db: Db, payerId: number): Promise<Invoice[]> {
  return (await db<InvoiceRow>('invoices').where({ payer_id: payerId }).orderBy('id', 'desc')).map(toInvoice);
}

export async function invoicesOfSubscription(db: Db, subscriptionId: number): Promise<Invoice[]> {
  return (await db<InvoiceRow>('invoices').where({ subscription_id: subscriptionId }).orderBy('id')).map(toInvoice);
}

export async function findInvoice(db: Db, id: number): Promise<Invoice | null> {
  const row = await db<InvoiceRow>('invoices').where({ id }).first();
  return row ? toInvoice(row) : null;
}

export async function markInvoiceRefunded(db: Db, id: number, at: string): Promise<void> {
  await db<InvoiceRow>('invoices').where({ id }).update({ refunded_at: at });
}

export interface ProductInput extends ProductInputView {
  active: boolean;
}

export const findProduct = async (db: Db, id: number): Promise<Product | null> => {
  const row = await db<ProductRow>('products').where({ id }).first();
  return row ? toProduct(row) : null;
};

export const productCodeTaken = async (db: Db, code: string, exceptId?: number): Promise<boolean> => {
  const q = db<ProductRow>('products').whereRaw('lower(code) = ?', [code.toLowerCase()]);
  if (exceptId !== undefined) q.whereNot({ id: exceptId });
  return (await q.first('id')) !== undefined;
};

const productRow = (p: Partial<ProductInput>): Partial<Omit<ProductRow, 'id'>> => {
  const row: Partial<Omit<ProductRow, 'id'>> = {};
  if (p.code !== undefined) row.code = p.code;
  if (p.name !== undefined) row.name = p.name;
  if (p.description !== undefined) row.description = p.description;
  if (p.pricePence !== undefined) row.price_pence = p.pricePence;
  if (p.currency !== undefined) row.currency = p.currency;
  if (p.termMonths !== undefined) row.term_months = p.termMonths;
  if (p.active !== undefined) row.active = p.active;
  return row;
};

export const insertProduct = (db: Db, p: ProductInput): Promise<number> => insertId(db, 'products', productRow(p));

export async function updateProduct(db: Db, id: number, p: Partial<ProductInput>): Promise<void> {
  const row = productRow(p);
  if (Object.keys(row).length) await db<ProductRow>('products').where({ id }).update(row);
}

export interface VoucherFilter {
  /** used up, expired, or still redeemable */
  state?: 'active' | 'usedUp' | 'expired';
  productId?: number;
  q?: string;
}

export function vouchersQuery(db: Db, f: VoucherFilter, now: string) {
  const q = db<VoucherRow>('vouchers').select('*');
  if (f.q) q.whereRaw('lower(code) like ?', [`${f.q.trim().toLowerCase()}%`]);
  if (f.productId !== undefined) {
    // product_ids is a JSON array without spaces: the id stands between brackets or commas.
    const id = f.productId;
    q.where((w) =>
      w
        .where('product_ids', `[${id}]`)
        .orWhere('product_ids', 'like', `[${id},%`)
        .orWhere('product_ids', 'like', `%,${id},%`)
        .orWhere('product_ids', 'like', `%,${id}]`),
    );
  }
  if (f.state === 'expired') q.whereNotNull('expires_at').where('expires_at', '<', now);
  if (f.state === 'usedUp') q.whereRaw('used_count >= max_uses');
  if (f.state === 'active') q.whereRaw('used_count < max_uses').where((w) => w.whereNull('expires_at').orWhere('expires_at', '>=', now));
  return q;
}

export const VOUCHER_SORTS = { createdAt: 'created_at', expiresAt: 'expires_at', usedCount: 'used_count', months: 'months', id: 'id' };

/** The subscriptions a voucher paid for, oldest first. */
export async function subscriptionsOfVoucher(db: Db, voucherId: number): Promise<Array<Subscription & { createdAt: string }>> {
  return (await db<SubscriptionRow>('vessel_subscriptions').where({ voucher_id: voucherId }).orderBy('id')).map((r) => ({
    ...toSubscription(r),
    createdAt: r.created_at,
  }));
}
