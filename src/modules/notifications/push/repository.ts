/** The alerts module's push subscriptions: one row per device a user subscribed to alarms. */
import type { Db } from '../../../db/knex.js';
import { insertId } from '../../../db/knex.js';

export interface PushSubscriptionRow {
  id: number;
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label: string;
  createdAt: string;
  lastSentAt: string | null;
}

interface PushSubscriptionRecord {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: string;
  last_sent_at: string | null;
}

const toRow = (r: PushSubscriptionRecord): PushSubscriptionRow => ({
  id: r.id,
  userId: r.user_id,
  endpoint: r.endpoint,
  keys: { p256dh: r.p256dh, auth: r.auth },
  label: r.label,
  createdAt: r.created_at,
  lastSentAt: r.last_sent_at,
});

export async function subscriptionsOf(db: Db, userIds: number[]): Promise<PushSubscriptionRow[]> {
  if (!userIds.length) return [];
  const rows = await db<PushSubscriptionRecord>('push_subscriptions').whereIn('user_id', userIds).orderBy('id');
  return rows.map(toRow);
}

export async function findSubscription(db: Db, id: number): Promise<PushSubscriptionRow | null> {
  const row = await db<PushSubscriptionRecord>('push_subscriptions').where({ id }).first();
  return row ? toRow(row) : null;
}

/**
 * Records a device for a user. The endpoint is the device: subscribing it again (after a
 * reinstall, or by someone else signing in on it) moves it to the caller with its new keys.
 */
export async function saveSubscription(
  db: Db,
  input: { userId: number; endpoint: string; keys: { p256dh: string; auth: string }; label: string; at: string },
): Promise<number> {
  const values = { user_id: input.userId, p256dh: input.keys.p256dh, auth: input.keys.auth, label: input.label };
  const existing = await db<PushSubscriptionRecord>('push_subscriptions').where({ endpoint: input.endpoint }).first();
  if (existing) {
    await db('push_subscriptions').where({ id: existing.id }).update(values);
    return existing.id;
  }
  return insertId(db, 'push_subscriptions', { ...values, endpoint: input.endpoint, created_at: input.at });
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db('push_subscriptions').where({ id }).delete();
}

export async function markSent(db: Db, id: number, at: string): Promise<void> {
  await db('push_subscriptions').where({ id }).update({ last_sent_at: at });
}
