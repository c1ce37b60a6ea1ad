/**
 * The built-in `test` provider for development and tests (docs/payments.md): no money moves. It
 * accepts the well-known test card numbers and behaves as a real provider would for each; any
 * other number is declined. It keeps nothing: how a stored test card behaves is written in its
 * reference, never the number.
 */
import { randomBytes } from 'node:crypto';
import { type CardDetails, type ChargeRequest, PaymentDeclined, type PaymentProvider, type StoredCard } from './provider.js';

type Behaviour = 'ok' | 'declined' | 'insufficient' | 'expired' | 'cvc' | 'charge-fails';

interface TestCard {
  brand: string;
  behaviour: Behaviour;
}

/** The test cards (the numbers card providers publish for testing). */
export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', behaviour: 'ok' },
  '4000056655665556': { brand: 'visa', behaviour: 'ok' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'ok' },
  '2223003122003222': { brand: 'mastercard', behaviour: 'ok' },
  '378282246310005': { brand: 'amex', behaviour: 'ok' },
  '4000000000000002': { brand: 'visa', behaviour: 'declined' },
  '4000000000009995': { brand: 'visa', behaviour: 'insufficient' },
  '4000000000000069': { brand: 'visa', behaviour: 'expired' },
  '4000000000000127': { brand: 'visa', behaviour: 'cvc' },
  '4000000000000341': { brand: 'visa', behaviour: 'charge-fails' },
};

const REASONS: Record<Exclude<Behaviour, 'ok' | 'charge-fails'>, string> = {
  declined: 'Your card was declined.',
  insufficient: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  cvc: "Your card's security code is incorrect.",
};

const random = () => randomBytes(9).toString('base64url');

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';

  async createPaymentMethod(card: CardDetails): Promise<StoredCard> {
    const known = TEST_CARDS[card.cardNumber];
    if (!known) throw new PaymentDeclined('Your card was declined. This server takes test cards only, such as 4242 4242 4242 4242.');
    if (known.behaviour !== 'ok' && known.behaviour !== 'charge-fails') throw new PaymentDeclined(REASONS[known.behaviour]);
    return {
      ref: `test_pm_${known.behaviour === 'ok' ? 'ok' : 'chargefails'}_${random()}`,
      brand: known.brand,
      last4: card.cardNumber.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
  }

  async charge(request: ChargeRequest): Promise<{ chargeRef: string }> {
    if (!request.cardRef.startsWith('test_pm_')) throw new PaymentDeclined('This card is not known to the payment provider. Add it again.');
    if (request.cardRef.startsWith('test_pm_chargefails_')) throw new PaymentDeclined('Your card was declined.');
    return { chargeRef: `test_ch_${random()}` };
  }

  async refund(request: { chargeRef: string; amountPence: number }): Promise<{ refundRef: string }> {
    void request;
    return { refundRef: `test_re_${random()}` };
  }

  async deletePaymentMethod(cardRef: string): Promise<void> {
    void cardRef;
  }
}
