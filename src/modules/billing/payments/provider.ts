/**
 * The card payment provider adapter (docs/payments.md). Billing talks to a card provider only
 * through this interface; the provider keeps the card, this code base keeps its brand, last four
 * digits and expiry, and the provider's reference to it.
 */

/** What the card form sends; it goes to the provider and is never stored or logged. */
export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

/** A card as the provider keeps it. */
export interface StoredCard {
  /** The provider's reference (a Stripe PaymentMethod id, for example). */
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeRequest {
  cardRef: string;
  amountPence: number;
  currency: string;
  description: string;
  /** The same key charges at most once, also when a request is retried. */
  idempotencyKey: string;
}

/** The provider refused the card or the charge; `reason` is shown to the user (a 418). */
export class PaymentDeclined extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PaymentDeclined';
  }
}

export interface PaymentProvider {
  /** `test`, `stripe`, …: written on each stored card. */
  readonly name: string;
  /** Checks the card with the provider and keeps it there; PaymentDeclined when refused. */
  createPaymentMethod(card: CardDetails): Promise<StoredCard>;
  /** Takes the amount from a stored card; answers the provider's charge reference. */
  charge(request: ChargeRequest): Promise<{ chargeRef: string }>;
  /** Gives back (part of) a charge. */
  refund(request: { chargeRef: string; amountPence: number }): Promise<{ refundRef: string }>;
  /** Forgets a stored card at the provider. */
  deletePaymentMethod(cardRef: string): Promise<void>;
}
