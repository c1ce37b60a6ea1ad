/**
 * What other modules may ask of the notifications module: telling people something through
 * every channel as their own settings allow (a routine's notify action, through
 * `server.plugins.notifications.api`), and whether people want the lowest priority on a channel
 * now (the messaging module's e-mail digest).
 */
import type { Db } from '../../db/knex.js';
import { ALERT_PRIORITIES } from '../alerts/api.js';
import type { ChannelName, Notice } from './delivery/channels.js';
import { wants } from './delivery/preferences.js';
import { Audience } from './delivery/audience.js';
import { deliveryCountsBetween } from './receipts/repository.js';
import { DEFAULT_USER_SETTINGS, userSettingsOf } from './repository.js';
import { DELIVERY_CHANNELS, type DeliveryChannel } from '../../../contracts/deliveries.js';

export type { ChannelName, Notice } from './delivery/channels.js';

/** What the notifications module does for other modules (`server.plugins.notifications.api`). */
export interface NotificationsApi {
  /** Sends a notice to the users named, through every channel as their settings allow; resolves once it went out. */
  notify(vesselId: number, notice: Notice, userIds: number[]): Promise<void>;
}

/**
 * Which of these users want a notice of the lowest priority on a channel now, by their own
 * minimum priority and quiet hours (the messaging module's e-mail digest of unread messages).
 */
export async function wantLowestPriority(db: Db, users: Array<{ id: number; timeZone: string }>, channel: ChannelName, nowMs: number): Promise<Set<number>> {
  const settings = await userSettingsOf(
    db,
    users.map((u) => u.id),
  );
  const lowest = ALERT_PRIORITIES[ALERT_PRIORITIES.length - 1];
  return new Set(users.filter((u) => wants(settings.get(u.id) ?? DEFAULT_USER_SETTINGS, channel, lowest, nowMs, u.timeZone)).map((u) => u.id));
}

/**
 * Who gets a vessel's monthly alarm report (docs/decisions.md, "Monthly alarm report"): whoever
 * its alarms reach without a ladder (the owner, and the members receiving notifications), less
 * who muted the vessel.
 */
export async function reportRecipients(db: Db, vesselId: number): Promise<number[]> {
  const audience = new Audience(db);
  return audience.without(vesselId, await audience.everyone(vesselId), null);
}

/** A vessel's notifications of alarms queued in [from, to), per channel: sent (queued or further) and failed. */
export async function notificationsBetween(
  db: Db,
  vesselId: number,
  from: string,
  to: string,
): Promise<Record<DeliveryChannel, { sent: number; failed: number }>> {
  const out = Object.fromEntries(DELIVERY_CHANNELS.map((c) => [c, { sent: 0, failed: 0 }])) as Record<DeliveryChannel, { sent: number; failed: number }>;
  for (const row of await deliveryCountsBetween(db, vesselId, from, to)) {
    if (!out[row.channel]) continue;
    out[row.channel][row.failed ? 'failed' : 'sent'] += row.n;
  }
  return out;
}
