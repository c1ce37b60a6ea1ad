/**
 * A person's phone number for alarms (docs/decisions.md, "SMS and voice"): `GET/PUT/DELETE
 * profile/phone`, `POST profile/phone` (a code by SMS), `POST profile/phone/verify`.
 */

/** What follows an alarm or emergency you were told of and nobody acknowledged in time. */
export const PHONE_FOLLOW_UPS = ['sms', 'voice', 'off'] as const;
export type PhoneFollowUp = (typeof PHONE_FOLLOW_UPS)[number];

export const DEFAULT_FOLLOW_UP_SECONDS = 60;

export interface PhoneSettings {
  /** Whether this server can send SMS and calls at all (an SMS provider is configured). */
  available: boolean;
  /** The verified number (E.164, e.g. +447700900123), or null. */
  number: string | null;
  /** A number waiting for its code, or null. */
  pendingNumber: string | null;
  /** When the pending number's code expires. */
  pendingUntil: string | null;
  /** Text or call you (or not) when an alarm or emergency you were told of is still unacknowledged after `followUpSeconds`. */
  followUp: PhoneFollowUp;
  followUpSeconds: number;
}

/** E.164: a plus, a country code, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;
