import { luhnValid } from '../../../../contracts/billing';

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
  if (!values.holderName.trim()) errors.holderName = 'Enter the name on the card.';
  const digits = digitsOf(values.cardNumber);
  if (!digits) errors.cardNumber = 'Enter the card number.';
  else if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = 'A card number has 12 to 19 digits.';
  else if (!luhnValid(digits)) errors.cardNumber = 'This card number is not valid; check it for a typing mistake.';
  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = 'Enter the expiry date.';
  else if (!expiry) errors.expiry = 'Write the expiry date as MM/YY.';
  else if (expiry.expYear < now.getUTCFullYear() || (expiry.expYear === now.getUTCFullYear() && expiry.expMonth < now.getUTCMonth() + 1))
    errors.expiry = 'The card has expired.';
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'The security code is the 3 or 4 digits on the card.';
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
