/** The terms of a vessel subscription (docs/product.md, "Subscriptions"), shared by the server and the web app. */
export const SUBSCRIPTION_TERMS = {
  /** The initial term. */
  termMonths: 12,
  /** Each renewal term. */
  renewalMonths: 12,
  /** Notice of non-renewal must be given at least this many days before a term ends. */
  noticeDays: 28,
  /** Days of full service after a vessel's bridge is first paired, and days in which a new paid subscription may be ended with a full refund. */
  testPeriodDays: 7,
} as const;

/**
 * What a product added to a running subscription costs: its price for the share of the current
 * term still to run (the server charges it, the web app shows it before the person pays).
 */
export function proratedPence(pricePence: number, now: Date, validUntil: Date): number {
  const termStart = new Date(validUntil);
  termStart.setUTCMonth(termStart.getUTCMonth() - SUBSCRIPTION_TERMS.renewalMonths);
  const share = Math.min(1, Math.max(0, (validUntil.getTime() - now.getTime()) / (validUntil.getTime() - termStart.getTime())));
  return Math.round(pricePence * share);
}

/** Whether a vessel's cloud services (live values, history, commands) are on: a valid subscription, or the test period. */
export interface CloudServices {
  active: boolean;
  subscribed: boolean;
  /** The end of the test period after the vessel's bridge was first paired; null without a bridge. */
  testPeriodUntil: string | null;
  inTestPeriod: boolean;
  /** While active: when the running subscription (with the terms already bought after it) or the test period ends. */
  activeUntil?: string | null;
  /**
   * While not active: when the services ended (the last subscription's end or the test period's,
   * whichever is later); null when the vessel never had any. Nothing the bridge measured after it
   * is stored, so every value shown is from before it (docs/decisions.md, "Lapsed services").
   */
  endedAt?: string | null;
}

/** What an unsubscribed vessel refuses (418, the message says why and how to renew). */
export type CloudService = 'live' | 'commands' | 'history';

/** A product of the catalogue (docs/api.md "Billing", admin products). */
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

/** A new or edited product (POST/PUT admin/products). */
export interface ProductInput {
  code: string;
  name: string;
  description: string;
  pricePence: number;
  currency: string;
  termMonths: number;
}

/** A product as `GET vessel/{id}/products` answers it. */
export interface VesselProduct extends Product {
  /** The running subscription holds it. */
  included: boolean;
  /** It is renewed with the subscription. */
  renews: boolean;
}

/** A voucher as the admin API answers it (lists mask the code). */
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

export interface VoucherInput {
  productIds: number[];
  months: number;
  maxUses: number;
  expiresAt?: string;
}

/** One subscription a voucher paid for. */
export interface Redemption {
  subscriptionId: number;
  vesselId: number;
  vesselName: string | null;
  redeemedAt: string;
  validFrom: string;
  validUntil: string;
}

/** GET admin/vouchers/{id}/redemptions: the voucher (code masked) and the subscriptions it gave. */
export interface VoucherRedemptions {
  voucher: Voucher;
  redemptions: Redemption[];
}

/** A saved card as `GET profile/paymentMethods` answers it. */
export interface PaymentMethodView {
  id: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  createdAt: string;
  /** Vessels whose renewal this card pays. */
  pays: string[];
}

/** A vessel's subscription as the payer sees it (docs/payments.md). */
export interface SubscriptionView {
  id: number;
  vesselId: number;
  vesselName: string;
  products: Array<{ id: number; name: string }>;
  /** What the next term holds. */
  renewalProducts: Array<{ id: number; name: string }>;
  validFrom: string;
  validUntil: string;
  valid: boolean;
  /** `voucher-and-card`: a voucher's term to which products were added and paid by card (issue 44). */
  paidBy: 'voucher' | 'voucher-and-card' | 'card' | 'other';
  card: string | null;
  autoRenew: boolean;
  /** The date it renews, null when it ends instead. */
  renewsOn: string | null;
  noticeGivenAt: string | null;
  /** The last moment notice of non-renewal can be given for this term. */
  noticeDeadline: string | null;
  /** Until when it may be ended with a full refund (paid subscriptions, first days only). */
  refundableUntil: string | null;
  endedAt: string | null;
  canManage: boolean;
}

export interface InvoiceLine {
  productId: number;
  name: string;
  description: string;
  /** The period the line pays for. */
  from: string;
  until: string;
  amountPence: number;
}

/** An invoice: one per charge, readable by its payer. */
export interface Invoice {
  id: number;
  number: string;
  vesselId: number | null;
  vesselName: string;
  kind: 'subscription' | 'change' | 'renewal';
  issuedAt: string;
  currency: string;
  lines: InvoiceLine[];
  netPence: number;
  vatPence: number;
  totalPence: number;
  card: string;
  refundedAt: string | null;
}

export interface InvoiceDetail extends Invoice {
  vatPercent: number;
  seller: { name: string; address: string; vatNumber: string };
}

/** GET vessel/{id}/products: the catalogue for the vessel, its subscription and the terms. */
export interface VesselProducts {
  products: VesselProduct[];
  subscription: SubscriptionView | null;
  cloudServices: CloudServices;
  terms: { termMonths: number; renewalMonths: number; noticeDays: number; testPeriodDays: number };
  vatPercent: number;
  cardPayments: boolean;
}

/** GET profile/billing/showVoucherDetails: what a voucher code offers. */
export interface VoucherOffer {
  code: string;
  months: number;
  expiresAt: string | null;
  usesLeft: number;
  products: Product[];
}

/** The Luhn check every card number passes, so a typing mistake is caught before the payment provider (the card form and the server both check it). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
