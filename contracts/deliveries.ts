/**
 * Delivery receipts (docs/decisions.md, "Delivery receipts"): how each notification of an alarm
 * went, per recipient, channel and target, and who acknowledged the alarm through what. The
 * answer of `GET vessel/{id}/alerts/{alertId}/deliveries` (docs/api.md `AlarmDeliveries`).
 */
import type { Alert } from './alerts.js';

/** The channels that send an alarm away from the app (sms and voice: a verified phone number, docs/decisions.md "SMS and voice"). */
export const DELIVERY_CHANNELS = ['email', 'push', 'sms', 'voice'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/**
 * In order: queued (the alarm is to go to this person on this channel), sent (handed to the
 * channel's transport), accepted (the SMTP server or the push service took it), opened (the
 * e-mail's link followed, the push notification clicked), acknowledged (the recipient
 * acknowledged the alarm after it reached them); or failed, with the reason.
 */
export const DELIVERY_STATES = ['queued', 'sent', 'accepted', 'opened', 'acknowledged', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The states that prove the notification reached a person (or at least their mail server or phone's push service). */
export const REACHING_STATES: readonly DeliveryState[] = ['accepted', 'opened', 'acknowledged'];

/**
 * How an alarm was acknowledged: in the app (web or admin console), from a push notification,
 * from an e-mail, by an SMS reply, by a keypress on a voice call, or by the operator (admin CLI).
 */
export const ACKNOWLEDGED_VIA = ['app', 'push', 'email', 'sms', 'voice', 'operator'] as const;
export type AcknowledgedVia = (typeof ACKNOWLEDGED_VIA)[number];

export interface DeliveryStep {
  state: DeliveryState;
  at: string;
}

export interface Delivery {
  id: number;
  /** The name; `Member #id` for someone else when the viewer may not see the vessel's people (userManager VIEW). */
  recipient: { userId: number; name: string };
  channel: DeliveryChannel;
  /** The e-mail address, the push device's label, or the phone number (sms, voice); null for someone else's when the viewer may not see the vessel's people. */
  target: string | null;
  /** What was sent (the notice's subject). */
  subject: string;
  /** Where it stands now. */
  state: DeliveryState;
  /** Why it failed (state `failed`), in the channel's words. */
  reason: string | null;
  /** What else is known: the SMTP server's answer, the mail waiting in the outbox. */
  note: string | null;
  /** Each state it reached, with its time, in order. */
  steps: DeliveryStep[];
}

export interface Acknowledgement {
  at: string;
  /** Null: the operator, from the admin CLI. */
  userId: number | null;
  name: string | null;
  via: AcknowledgedVia;
  /** The push device it came from, or the phone number of the SMS reply or call, when it came from one. */
  device: string | null;
}

export interface AlarmDeliveries {
  alert: Alert;
  /** Whether the alarm reached anybody: a delivery accepted, opened or acknowledged, or a person acknowledged it. */
  reached: boolean;
  acknowledgement: Acknowledgement | null;
  /** Oldest first. */
  deliveries: Delivery[];
}
