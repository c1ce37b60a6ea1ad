import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { Clock } from '../../../../platform/clock.js';
import { luhnValid } from '../../payments/index.js';
import type { PaymentsService } from '../../payments-service.js';

interface CardPayload {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

/** The card's fields; its expiry is judged on the server's clock. */
const cardPayload = (clock: Clock) => {
  const thisYear = () => new Date(clock.now()).getUTCFullYear();
  return Joi.object<CardPayload>({
    cardNumber: Joi.string()
      .trim()
      .replace(/[\s-]/g, '')
      .pattern(/^\d{12,19}$/)
      .custom((value: string, helpers) => (luhnValid(value) ? value : helpers.error('string.luhn')))
      .required()
      .messages({ 'string.pattern.base': 'cardNumber must be 12 to 19 digits', 'string.luhn': 'cardNumber is not a valid card number' }),
    expMonth: Joi.number().integer().min(1).max(12).required(),
    expYear: Joi.number()
      .integer()
      .min(2000)
      .max(2100)
      .required()
      .custom((value: number, helpers) => (value < thisYear() ? helpers.error('number.expired') : value))
      .messages({ 'number.expired': 'The card has expired' }),
    cvc: Joi.string()
      .pattern(/^\d{3,4}$/)
      .required()
      .messages({ 'string.pattern.base': 'cvc must be 3 or 4 digits' }),
    holderName: Joi.string().trim().min(1).max(200).required(),
  })
    .custom((card: CardPayload, helpers) => {
      const now = new Date(clock.now());
      const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      return expired ? helpers.error('any.expired') : card;
    }, 'expiry')
    .messages({ 'any.expired': 'The card has expired' });
};

/**
 * POST profile/newPaymentMethod {cardNumber, expMonth, expYear, cvc, holderName}: the card goes to
 * the payment provider; only its brand, last four digits and expiry are kept. A declined card is
 * a 418 with the provider's reason.
 */
export const newPaymentMethod = (payments: PaymentsService, clock: Clock) =>
  defineRoute<{ Payload: CardPayload }>({
    method: 'POST',
    path: '/api/profile/newPaymentMethod',
    options: {
      tags: ['api', 'profile', 'billing'],
      description: 'Add a payment card (kept by the payment provider; only brand, last four digits and expiry stored); 418 with the reason when declined',
      validate: { payload: cardPayload(clock) },
      async handler(request) {
        const method = await payments.addPaymentMethod(callerOf(request).id, request.payload);
        auditTarget(request, { targetType: 'paymentMethod', targetId: method.id, details: { brand: method.brand, last4: method.last4 } });
        return method;
      },
    },
  });
