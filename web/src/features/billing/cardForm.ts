import { luhnValid } from '../../../../contracts/billing';
import { i18n } from '../../i18n';

/** The card form's values and the checks made before the card goes to the server (which checks them again). */
export interface CardFormValues {
  holderName: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardFormValues;

export const EMPTY_CARD: CardFormValues = { holderName: '', cardNumber: '', expiry: '', cvc: '' };

export const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

/** `MM/YY` (or `MM/YYYY`) as month and four-digit year, or null. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const expYear = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : null;
}

/** What is wrong with each field, in words for the user; empty when the card may be sent. */
export function cardFieldErrors(values: CardFormValues, now = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  if (!values.holderName.trim()) errors.holderName = i18n.t('billing:card.errors.holderName');
  const digits = digitsOf(values.cardNumber);
  if (!digits) errors.cardNumber = i18n.t('billing:card.errors.cardNumber');
  else if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = i18n.t('billing:card.errors.cardDigits');
  else if (!luhnValid(digits)) errors.cardNumber = i18n.t('billing:card.errors.cardInvalid');
  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = i18n.t('billing:card.errors.expiry');
  else if (!expiry) errors.expiry = i18n.t('billing:card.errors.expiryFormat');
  else if (expiry.expYear < now.getUTCFullYear() || (expiry.expYear === now.getUTCFullYear() && expiry.expMonth < now.getUTCMonth() + 1))
    errors.expiry = i18n.t('billing:card.errors.expired');
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = i18n.t('billing:card.errors.cvc');
  return errors;
}

/** The field a server 400 names (its messages start with the field), so its message shows beside it. */
export function fieldOfServerMessage(message: string): CardField | null {
  if (/^cardNumber/.test(message)) return 'cardNumber';
  if (/^cvc/.test(message)) return 'cvc';
  if (/^(expMonth|expYear|The card has expired)/.test(message)) return 'expiry';
  if (/^holderName/.test(message)) return 'holderName';
  return null;
}
