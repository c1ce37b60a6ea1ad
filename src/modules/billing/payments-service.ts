/**
 * Card subscriptions, payment methods and invoices (docs/decisions.md, "Billing"; docs/payments.md).
 * Money moves only through the PaymentProvider; every charge writes an invoice for its payer.
 *
 * The rules: a paid subscription runs SUBSCRIPTION_TERMS.termMonths from its start and renews for
 * renewalMonths unless notice of non-renewal is given at least noticeDays before the term ends;
 * within testPeriodDays of its start it may be ended with a full refund. Products added mid-term
 * are charged pro rata to the end of the term; products taken off stay until the term ends and
 * are not renewed. Prices include VAT at VAT_PERCENT.
 */
import Boom from '@hapi/boom';
import type { Database, Db } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { Clock } from '../../platform/clock.js';
import { type CloudServices, SUBSCRIPTION_TERMS } from './api.js';
import { type CardDetails, PaymentDeclined, type PaymentProvider } from './payments/index.js';
import * as repo from './repository.js';
import { type InvoiceDetail, type PaymentMethodView, proratedPence, type SubscriptionView, type VesselProducts } from '../../../contracts/billing.js';

export const VAT_PERCENT = 20;
const DAY_MS = 86_400_000;
/** Subscriptions renew during the last day of their term, so a vessel is never left without one. */
const RENEW_AHEAD_MS = DAY_MS;

export interface BillingDirectory {
  vesselNames(vesselIds: number[]): Promise<Map<number, string>>;
  /** The vessels the user may see the billing of, and whether they may manage it. */
  billingVessels(userId: number): Promise<Map<number, { manage: boolean }>>;
  cloudServices(vesselId: number): Promise<CloudServices>;
  /** E-mails the payer the receipt of an invoice (receipts.ts). */
  sendReceipt(invoice: repo.Invoice): Promise<void>;
}

export const addMonths = (from: Date, months: number): Date => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

const day = (iso: string) => iso.slice(0, 10);

export type { PaymentMethodView, SubscriptionView };

export class PaymentsService {
  constructor(
    private readonly db: Database,
    private readonly provider: PaymentProvider | null,
    private readonly directory: BillingDirectory,
    private readonly log: Logger,
    /** The server's clock (docs/architecture.md, "One clock"): terms start, end and renew by it. */
    private readonly clock: Clock,
  ) {}

  get cardPayments(): boolean {
    return this.provider !== null;
  }

  private requireProvider(): PaymentProvider {
    if (!this.provider) throw ruleRefused('Card payments are not offered on this server. Redeem a voucher instead, or ask your dealer for one.');
    return this.provider;
  }

  // Payment methods

  async paymentMethods(userId: number): Promise<PaymentMethodView[]> {
    const methods = await repo.paymentMethodsOf(this.db, userId);
    const views: PaymentMethodView[] = [];
    for (const m of methods) {
      const renewals = await repo.renewalsPaidBy(this.db, m.id);
      const names = await this.directory.vesselNames(renewals.map((s) => s.vesselId));
      views.push({ ...methodView(m), pays: [...new Set(renewals.map((s) => names.get(s.vesselId) ?? `Vessel ${s.vesselId}`))] });
    }
    return views;
  }

  /** Keeps a card with the provider; stores its brand, last four digits and expiry only. A declined card is a 418 with the reason. */
  async addPaymentMethod(userId: number, card: CardDetails): Promise<PaymentMethodView> {
    const provider = this.requireProvider();
    const stored = await declinedAs418(() => provider.createPaymentMethod(card));
    const id = await repo.insertPaymentMethod(this.db, {
      userId,
      provider: provider.name,
      providerRef: stored.ref,
      brand: stored.brand,
      last4: stored.last4,
      expMonth: stored.expMonth,
      expYear: stored.expYear,
      holderName: card.holderName,
    });
    return { ...methodView((await repo.findPaymentMethod(this.db, userId, id))!), pays: [] };
  }

  /** Removes one of the user's cards; refused while it pays a subscription's renewal. */
  async removePaymentMethod(userId: number, id: number): Promise<void> {
    const method = await repo.findPaymentMethod(this.db, userId, id);
    if (!method) throw Boom.notFound('Payment method not found');
    const renewals = await repo.renewalsPaidBy(this.db, id);
    if (renewals.length) {
      const names = await this.directory.vesselNames(renewals.map((s) => s.vesselId));
      const vessels = renewals.map((s) => names.get(s.vesselId) ?? `vessel ${s.vesselId}`).join(', ');
      throw ruleRefused(
        `This card pays the renewal of the subscription of ${vessels}. Pay that subscription with another card or give notice of non-renewal first.`,
      );
    }
    if (this.provider?.name === method.provider) await this.provider.deletePaymentMethod(method.providerRef);
    await repo.removePaymentMethod(this.db, id);
  }

  /** The caller's card named, or their newest one; a 418 when they have none. */
  private async cardOf(userId: number, paymentMethodId: number | undefined, fallback: number | null = null): Promise<repo.PaymentMethod> {
    if (paymentMethodId !== undefined) {
      const method = await repo.findPaymentMethod(this.db, userId, paymentMethodId);
      if (!method) throw Boom.notFound('Payment method not found');
      return method;
    }
    const own = fallback !== null ? await repo.findPaymentMethod(this.db, userId, fallback) : null;
    if (own) return own;
    const [newest] = await repo.paymentMethodsOf(this.db, userId);
    if (!newest) throw ruleRefused('Add a payment card first: Profile, Payment methods.');
    return newest;
  }

  // Vessel products and subscriptions

  async vesselProducts(vesselId: number, canManage: boolean): Promise<VesselProducts> {
    const [products, current, services] = await Promise.all([
      repo.allProducts(this.db),
      this.currentSubscription(vesselId),
      this.directory.cloudServices(vesselId),
    ]);
    const subscription = current ? (await this.views([current], new Map([[vesselId, { manage: canManage }]])))[0] : null;
    return {
      products: products
        .filter((p) => p.active || current?.productIds.includes(p.id))
        .map((p) => ({
          ...p,
          included: Boolean(subscription?.valid && current?.productIds.includes(p.id)),
          renews: Boolean(subscription?.valid && current?.autoRenew && current.renewalProductIds.includes(p.id)),
        })),
      subscription,
      cloudServices: services,
      terms: SUBSCRIPTION_TERMS,
      vatPercent: VAT_PERCENT,
      cardPayments: this.cardPayments,
    };
  }

  /** The subscription of the vessel running now, else the latest-ending one (valid or not), or null. */
  private async currentSubscription(vesselId: number, db: Db = this.db): Promise<repo.Subscription | null> {
    const all = await repo.subscriptionsOfVessels(db, [vesselId]);
    const now = new Date(this.clock.now()).toISOString();
    return all.find((s) => s.validFrom <= now && s.validUntil > now) ?? all.at(-1) ?? null;
  }

  /** Subscribes the vessel to the products by card for a term of 12 months that renews; 409 while a subscription runs. */
  async createSubscription(
    userId: number,
    vesselId: number,
    productIds: number[],
    paymentMethodId?: number,
  ): Promise<{ subscription: SubscriptionView; invoice: repo.Invoice }> {
    const provider = this.requireProvider();
    const products = await this.buyable(productIds);
    const card = await this.cardOf(userId, paymentMethodId);
    const now = new Date(this.clock.now());
    const running = await this.currentSubscription(vesselId);
    if (running && running.validUntil > now.toISOString() && running.validFrom <= now.toISOString())
      throw Boom.conflict(`This vessel's subscription runs until ${day(running.validUntil)}; change its products instead.`);
    const until = addMonths(now, SUBSCRIPTION_TERMS.termMonths);
    const vesselName = await this.vesselName(vesselId);
    const lines = products.map((p) => line(p, now, until, p.pricePence));
    const charge = await this.charge(
      provider,
      card,
      lines,
      `Vessel Link: ${vesselName}, ${SUBSCRIPTION_TERMS.termMonths} months`,
      `create-${vesselId}-${now.getTime()}`,
    );
    const invoice = await this.db.transaction(async (trx) => {
      const subscriptionId = await repo.insertSubscription(trx, {
        vesselId,
        productIds: products.map((p) => p.id),
        validFrom: now.toISOString(),
        validUntil: until.toISOString(),
        voucherId: null,
        autoRenew: true,
        paymentMethodId: card.id,
        payerId: userId,
      });
      return repo.insertInvoice(
        trx,
        invoiceOf({ payerId: userId, vesselId, vesselName, subscriptionId, kind: 'subscription', lines, card, chargeRef: charge, now }),
      );
    });
    await this.receipt(invoice);
    return { subscription: await this.viewOf(vesselId, true), invoice };
  }

  /** The payer's receipt: the charge stands whether or not the mail goes out, and a failure is logged. */
  private async receipt(invoice: repo.Invoice): Promise<void> {
    await this.directory.sendReceipt(invoice).catch((err: unknown) => this.log.warn('receipt not sent', { invoice: invoice.number, error: err }));
  }

  /**
   * Changes the products of the running subscription: added products are charged pro rata to the
   * end of the term (one invoice); products taken off stay until the term ends and are not renewed.
   */
  async changeProducts(
    userId: number,
    vesselId: number,
    productIds: number[],
    paymentMethodId?: number,
  ): Promise<{ subscription: SubscriptionView; invoice: repo.Invoice | null }> {
    const products = await this.buyable(productIds);
    const now = new Date(this.clock.now());
    const current = await this.currentSubscription(vesselId);
    if (!current || current.validUntil <= now.toISOString() || current.validFrom > now.toISOString())
      throw ruleRefused('This vessel has no running subscription to change. Subscribe it first.');
    const added = products.filter((p) => !current.productIds.includes(p.id));
    const wanted = products.map((p) => p.id);
    let invoice: repo.Invoice | null = null;
    let card: repo.PaymentMethod | null = null;
    if (added.length || paymentMethodId !== undefined) card = await this.cardOf(userId, paymentMethodId, current.paymentMethodId);
    if (added.length && card) {
      const provider = this.requireProvider();
      const until = new Date(current.validUntil);
      const lines = added.map((p) => line(p, now, until, proratedPence(p.pricePence, now, until)));
      const vesselName = await this.vesselName(vesselId);
      const charge = await this.charge(provider, card, lines, `Vessel Link: ${vesselName}, products added`, `change-${current.id}-${now.getTime()}`);
      invoice = await repo.insertInvoice(
        this.db,
        invoiceOf({ payerId: userId, vesselId, vesselName, subscriptionId: current.id, kind: 'change', lines, card, chargeRef: charge, now }),
      );
    }
    await repo.updateSubscription(this.db, current.id, {
      productIds: [...new Set([...current.productIds, ...wanted])],
      renewalProductIds: wanted,
      // A card given (or charged) now pays the renewals of a subscription paid by card.
      ...(card && current.voucherId === null ? { paymentMethodId: card.id } : {}),
    });
    if (invoice) await this.receipt(invoice);
    return { subscription: await this.viewOf(vesselId, true), invoice };
  }

  /**
   * Ends a paid subscription with a full refund within the test period of its start, or gives
   * notice of non-renewal at least 28 days before its term ends; a 418 says why otherwise.
   */
  async cancel(vesselId: number): Promise<{ subscription: SubscriptionView; refundedPence: number }> {
    const now = new Date(this.clock.now());
    const current = await this.currentSubscription(vesselId);
    if (!current || current.validUntil <= now.toISOString()) throw ruleRefused('This vessel has no running subscription.');
    if (current.voucherId !== null || (current.paymentMethodId === null && current.payerId === null))
      throw ruleRefused(`This subscription was not bought by card: it ends on ${day(current.validUntil)} and does not renew.`);
    const refundableUntil = new Date(new Date(current.validFrom).getTime() + SUBSCRIPTION_TERMS.testPeriodDays * DAY_MS);
    if (now < refundableUntil) {
      let refundedPence = 0;
      const provider = this.requireProvider();
      for (const invoice of await repo.invoicesOfSubscription(this.db, current.id)) {
        if (invoice.refundedAt) continue;
        await provider.refund({ chargeRef: invoice.providerRef, amountPence: invoice.totalPence });
        await repo.markInvoiceRefunded(this.db, invoice.id, now.toISOString());
        refundedPence += invoice.totalPence;
      }
      await repo.updateSubscription(this.db, current.id, { validUntil: now.toISOString(), endedAt: now.toISOString(), autoRenew: false });
      return { subscription: await this.viewOf(vesselId, true), refundedPence };
    }
    if (!current.autoRenew) throw ruleRefused(`Notice of non-renewal has already been given: the subscription ends on ${day(current.validUntil)}.`);
    const deadline = noticeDeadline(current.validUntil);
    if (now.toISOString() > deadline)
      throw ruleRefused(
        `Notice of non-renewal must be given at least ${SUBSCRIPTION_TERMS.noticeDays} days before the term ends. This term ends on ${day(current.validUntil)}, so the subscription renews then for ${SUBSCRIPTION_TERMS.renewalMonths} months; notice for the next term can be given until ${day(noticeDeadline(addMonths(new Date(current.validUntil), SUBSCRIPTION_TERMS.renewalMonths).toISOString()))}.`,
      );
    await repo.updateSubscription(this.db, current.id, { autoRenew: false, noticeGivenAt: now.toISOString() });
    return { subscription: await this.viewOf(vesselId, true), refundedPence: 0 };
  }

  /** Renews every subscription whose term ends within a day (none given notice): charges the renewal products and extends the term. */
  async renewDue(now = new Date(this.clock.now())): Promise<number> {
    let renewed = 0;
    for (const s of await repo.dueRenewals(this.db, new Date(now.getTime() + RENEW_AHEAD_MS).toISOString())) {
      const card = s.paymentMethodId !== null ? await repo.findPaymentMethodById(this.db, s.paymentMethodId) : null;
      const lapse = async (why: string) => {
        this.log.warn('subscription not renewed', { subscriptionId: s.id, vesselId: s.vesselId, reason: why });
        await repo.updateSubscription(this.db, s.id, { autoRenew: false });
      };
      if (!card || !this.provider) {
        await lapse(card ? 'no payment provider' : 'no card');
        continue;
      }
      const from = new Date(s.validUntil);
      const until = addMonths(from, SUBSCRIPTION_TERMS.renewalMonths);
      const products = await repo.productsByIds(this.db, s.renewalProductIds);
      const lines = products.map((p) => line(p, from, until, p.pricePence));
      const vesselName = await this.vesselName(s.vesselId);
      try {
        const charge = await this.charge(this.provider, card, lines, `Vessel Link: ${vesselName}, renewal`, `renew-${s.id}-${s.validUntil}`);
        const invoice = await this.db.transaction(async (trx) => {
          const stored = await repo.insertInvoice(
            trx,
            invoiceOf({ payerId: card.userId, vesselId: s.vesselId, vesselName, subscriptionId: s.id, kind: 'renewal', lines, card, chargeRef: charge, now }),
          );
          await repo.updateSubscription(trx, s.id, { productIds: s.renewalProductIds, validUntil: until.toISOString() });
          return stored;
        });
        await this.receipt(invoice);
        renewed++;
      } catch (err) {
        await lapse(err instanceof Error ? err.message : String(err));
      }
    }
    return renewed;
  }

  // Views for the profile

  /** The subscriptions of every vessel whose billing the user may see, the latest per vessel. */
  async subscriptionsOf(userId: number): Promise<SubscriptionView[]> {
    const vessels = await this.directory.billingVessels(userId);
    const all = await repo.subscriptionsOfVessels(this.db, [...vessels.keys()]);
    const latest = new Map(all.map((s) => [s.vesselId, s]));
    const views = await this.views([...latest.values()], vessels);
    return views.sort((a, b) => a.vesselName.localeCompare(b.vesselName));
  }

  invoices(userId: number): Promise<repo.Invoice[]> {
    return repo.invoicesOf(this.db, userId);
  }

  /** One of the user's invoices; another payer's answers like a missing one. */
  async invoice(userId: number, id: number): Promise<InvoiceDetail & repo.Invoice> {
    const invoice = await repo.findInvoice(this.db, id);
    if (!invoice || invoice.payerId !== userId) throw Boom.notFound('Invoice not found');
    return { ...invoice, vatPercent: VAT_PERCENT, seller: SELLER };
  }

  // Helpers

  private async viewOf(vesselId: number, canManage: boolean): Promise<SubscriptionView> {
    const current = await this.currentSubscription(vesselId);
    return (await this.views([current!], new Map([[vesselId, { manage: canManage }]])))[0];
  }

  /** Whether a subscription has a charge that was not refunded: for a voucher's term, products added and paid by card. */
  private async chargedByCard(subscriptionId: number): Promise<boolean> {
    return (await repo.invoicesOfSubscription(this.db, subscriptionId)).some((invoice) => invoice.refundedAt === null);
  }

  private async views(subscriptions: repo.Subscription[], vessels: Map<number, { manage: boolean }>): Promise<SubscriptionView[]> {
    const ids = [...new Set(subscriptions.flatMap((s) => [...s.productIds, ...s.renewalProductIds]))];
    const products = new Map((await repo.productsByIds(this.db, ids)).map((p) => [p.id, p]));
    const names = await this.directory.vesselNames(subscriptions.map((s) => s.vesselId));
    const now = new Date(this.clock.now()).toISOString();
    const out: SubscriptionView[] = [];
    for (const s of subscriptions) {
      const card = s.paymentMethodId !== null ? await repo.findPaymentMethodById(this.db, s.paymentMethodId) : null;
      const named = (list: number[]) => list.map((id) => ({ id, name: products.get(id)?.name ?? `Product ${id}` }));
      const valid = s.validFrom <= now && s.validUntil > now;
      const paid = s.payerId !== null;
      const refundableUntil = paid && !s.endedAt ? new Date(new Date(s.validFrom).getTime() + SUBSCRIPTION_TERMS.testPeriodDays * DAY_MS).toISOString() : null;
      out.push({
        id: s.id,
        vesselId: s.vesselId,
        vesselName: names.get(s.vesselId) ?? `Vessel ${s.vesselId}`,
        products: named(s.productIds),
        renewalProducts: named(s.renewalProductIds),
        validFrom: s.validFrom,
        validUntil: s.validUntil,
        valid,
        paidBy: s.voucherId !== null ? ((await this.chargedByCard(s.id)) ? 'voucher-and-card' : 'voucher') : paid ? 'card' : 'other',
        card: card ? cardLabel(card) : null,
        autoRenew: s.autoRenew && valid,
        renewsOn: s.autoRenew && valid ? s.validUntil : null,
        noticeGivenAt: s.noticeGivenAt,
        noticeDeadline: s.autoRenew && valid ? noticeDeadline(s.validUntil) : null,
        refundableUntil: refundableUntil && refundableUntil > now ? refundableUntil : null,
        endedAt: s.endedAt,
        canManage: vessels.get(s.vesselId)?.manage ?? false,
      });
    }
    return out;
  }

  private async buyable(productIds: number[]): Promise<repo.Product[]> {
    const unique = [...new Set(productIds)];
    const products = await repo.productsByIds(this.db, unique);
    if (products.length !== unique.length) throw Boom.badRequest('productIds contains an unknown product');
    const inactive = products.find((p) => !p.active);
    if (inactive) throw ruleRefused(`${inactive.name} is no longer sold.`);
    return products;
  }

  private async vesselName(vesselId: number): Promise<string> {
    return (await this.directory.vesselNames([vesselId])).get(vesselId) ?? `Vessel ${vesselId}`;
  }

  private async charge(provider: PaymentProvider, card: repo.PaymentMethod, lines: repo.InvoiceLine[], description: string, key: string): Promise<string> {
    const total = lines.reduce((sum, l) => sum + l.amountPence, 0);
    const currency = currencyOf(lines);
    const { chargeRef } = await declinedAs418(() =>
      provider.charge({ cardRef: card.providerRef, amountPence: total, currency, description, idempotencyKey: key }),
    );
    return chargeRef;
  }
}

/** Who issues the invoices. */
export const SELLER = { name: 'Vessel Link Ltd', address: 'London, United Kingdom', vatNumber: 'GB 000 0000 00' };

const methodView = (m: repo.PaymentMethod): Omit<PaymentMethodView, 'pays'> => ({
  id: m.id,
  brand: m.brand,
  last4: m.last4,
  expMonth: m.expMonth,
  expYear: m.expYear,
  holderName: m.holderName,
  createdAt: m.createdAt,
});

const cardLabel = (m: repo.PaymentMethod) => `${m.brand} ending ${m.last4}`;

const noticeDeadline = (validUntil: string) => new Date(new Date(validUntil).getTime() - SUBSCRIPTION_TERMS.noticeDays * DAY_MS).toISOString();

const line = (p: repo.Product, from: Date, until: Date, amountPence: number): repo.InvoiceLine & { currency: string } => ({
  productId: p.id,
  name: p.name,
  description: p.description,
  from: from.toISOString(),
  until: until.toISOString(),
  amountPence,
  currency: p.currency,
});

const currencyOf = (lines: repo.InvoiceLine[]): string => (lines[0] as repo.InvoiceLine & { currency?: string })?.currency ?? 'GBP';

function invoiceOf(i: {
  payerId: number;
  vesselId: number;
  vesselName: string;
  subscriptionId: number;
  kind: repo.Invoice['kind'];
  lines: repo.InvoiceLine[];
  card: repo.PaymentMethod;
  chargeRef: string;
  now: Date;
}): Omit<repo.Invoice, 'id' | 'number' | 'refundedAt'> {
  const total = i.lines.reduce((sum, l) => sum + l.amountPence, 0);
  const vat = Math.round((total * VAT_PERCENT) / (100 + VAT_PERCENT));
  return {
    payerId: i.payerId,
    vesselId: i.vesselId,
    vesselName: i.vesselName,
    subscriptionId: i.subscriptionId,
    kind: i.kind,
    issuedAt: i.now.toISOString(),
    currency: currencyOf(i.lines),
    lines: i.lines.map(({ productId, name, description, from, until, amountPence }) => ({ productId, name, description, from, until, amountPence })),
    netPence: total - vat,
    vatPence: vat,
    totalPence: total,
    card: cardLabel(i.card),
    providerRef: i.chargeRef,
  };
}

async function declinedAs418<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof PaymentDeclined) throw ruleRefused(err.reason);
    throw err;
  }
}
