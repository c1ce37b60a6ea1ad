/**
 * The notifications module's delivery receipts (docs/decisions.md, "Delivery receipts"): one row
 * per notification of an alarm (recipient, channel, target) with the time of each state it
 * reached, and one row per acknowledged alarm saying through what it was acknowledged.
 */
import type { Knex } from 'knex';
import type { AcknowledgedVia, DeliveryChannel, DeliveryState } from '../../../../contracts/deliveries.js';
import { REACHING_STATES } from '../../../../contracts/deliveries.js';
import type { Db } from '../../../db/knex.js';
import { insertId } from '../../../db/knex.js';

/** The states a receipt keeps a time of (every state has its own column). */
type Timed = Record<DeliveryState, string | null>;

export interface DeliveryRow {
  id: number;
  alertId: number;
  vesselId: number;
  userId: number;
  channel: DeliveryChannel;
  target: string;
  pushSubscriptionId: number | null;
  subject: string;
  linkToken: string;
  state: DeliveryState;
  reason: string | null;
  note: string | null;
  times: Timed;
}

interface DeliveryRecord {
  id: number;
  alert_id: number;
  vessel_id: number;
  user_id: number;
  channel: DeliveryChannel;
  target: string;
  push_subscription_id: number | null;
  subject: string;
  link_token: string;
  state: DeliveryState;
  reason: string | null;
  note: string | null;
  queued_at: string;
  sent_at: string | null;
  accepted_at: string | null;
  opened_at: string | null;
  acknowledged_at: string | null;
  failed_at: string | null;
}

const toRow = (r: DeliveryRecord): DeliveryRow => ({
  id: r.id,
  alertId: r.alert_id,
  vesselId: r.vessel_id,
  userId: r.user_id,
  channel: r.channel,
  target: r.target,
  pushSubscriptionId: r.push_subscription_id ?? null,
  subject: r.subject,
  linkToken: r.link_token,
  state: r.state,
  reason: r.reason ?? null,
  note: r.note ?? null,
  times: {
    queued: r.queued_at,
    sent: r.sent_at ?? null,
    accepted: r.accepted_at ?? null,
    opened: r.opened_at ?? null,
    acknowledged: r.acknowledged_at ?? null,
    failed: r.failed_at ?? null,
  },
});

export async function insertDelivery(
  db: Db,
  d: {
    alertId: number;
    vesselId: number;
    userId: number;
    channel: DeliveryChannel;
    target: string;
    pushSubscriptionId: number | null;
    subject: string;
    linkToken: string;
    at: string;
  },
): Promise<number> {
  return insertId(db, 'alert_deliveries', {
    alert_id: d.alertId,
    vessel_id: d.vesselId,
    user_id: d.userId,
    channel: d.channel,
    target: d.target.slice(0, 320),
    push_subscription_id: d.pushSubscriptionId,
    subject: d.subject.slice(0, 500),
    link_token: d.linkToken,
    state: 'queued',
    queued_at: d.at,
  });
}

/** Records a state's time (the first time only) and, when given, the state it now stands at. */
export async function markDelivery(
  db: Db,
  id: number,
  change: { timeOf: DeliveryState; at: string; state?: DeliveryState; reason?: string; note?: string },
): Promise<void> {
  const column = `${change.timeOf}_at`;
  await db('alert_deliveries')
    .where({ id })
    .update({
      [column]: db.raw('coalesce(??, ?)', [column, change.at]),
      ...(change.state ? { state: change.state } : {}),
      ...(change.reason !== undefined ? { reason: change.reason.slice(0, 500) } : {}),
      ...(change.note !== undefined ? { note: change.note.slice(0, 500) } : {}),
    });
}

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow | null> {
  const row = await db<DeliveryRecord>('alert_deliveries').where({ id }).first();
  return row ? toRow(row) : null;
}

export async function deliveryByToken(db: Db, linkToken: string): Promise<DeliveryRow | null> {
  const row = await db<DeliveryRecord>('alert_deliveries').where({ link_token: linkToken }).first();
  return row ? toRow(row) : null;
}

/** An alarm's deliveries, oldest first. */
export async function deliveriesOfAlert(db: Db, alertId: number): Promise<DeliveryRow[]> {
  const rows = await db<DeliveryRecord>('alert_deliveries').where({ alert_id: alertId }).orderBy('id');
  return rows.map(toRow);
}

/** The ids of the alarms some delivery reached (accepted, opened or acknowledged), as a subquery the alert history filters with. */
export const reachedAlertIds = (db: Db): Knex.QueryBuilder =>
  db('alert_deliveries')
    .whereIn('state', [...REACHING_STATES])
    .select('alert_id');

/** A vessel's notifications of alarms queued in [from, to), per channel: how many, and how many failed. */
export async function deliveryCountsBetween(
  db: Db,
  vesselId: number,
  from: string,
  to: string,
): Promise<Array<{ channel: DeliveryChannel; failed: boolean; n: number }>> {
  const rows: Array<{ channel: DeliveryChannel; failed: number | string; n: number | string }> = await db('alert_deliveries')
    .where({ vessel_id: vesselId })
    .where('queued_at', '>=', from)
    .where('queued_at', '<', to)
    .groupBy('channel', db.raw("CASE WHEN state = 'failed' THEN 1 ELSE 0 END"))
    .select('channel', db.raw("CASE WHEN state = 'failed' THEN 1 ELSE 0 END AS failed"))
    .count({ n: '*' });
  return rows.map((r) => ({ channel: r.channel, failed: Number(r.failed) === 1, n: Number(r.n) }));
}

// How alarms were acknowledged.

export interface AcknowledgementRow {
  alertId: number;
  userId: number | null;
  via: AcknowledgedVia;
  device: string | null;
  deliveryId: number | null;
  at: string;
}

interface AcknowledgementRecord {
  alert_id: number;
  user_id: number | null;
  via: AcknowledgedVia;
  device: string | null;
  delivery_id: number | null;
  at: string;
}

export async function acknowledgementOf(db: Db, alertId: number): Promise<AcknowledgementRow | null> {
  const r = await db<AcknowledgementRecord>('alert_acknowledgements').where({ alert_id: alertId }).first();
  return r ? { alertId: r.alert_id, userId: r.user_id ?? null, via: r.via, device: r.device ?? null, deliveryId: r.delivery_id ?? null, at: r.at } : null;
}

/** Records how an alarm was acknowledged, replacing what was recorded before. */
export async function saveAcknowledgement(db: Db, a: AcknowledgementRow): Promise<void> {
  await db('alert_acknowledgements')
    .insert({ alert_id: a.alertId, user_id: a.userId, via: a.via, device: a.device?.slice(0, 320) ?? null, delivery_id: a.deliveryId, at: a.at })
    .onConflict('alert_id')
    .merge();
}

export async function deleteAcknowledgement(db: Db, alertId: number): Promise<void> {
  await db('alert_acknowledgements').where({ alert_id: alertId }).delete();
}
