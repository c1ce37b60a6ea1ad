/**
 * Each person's phone number for alarms and the follow-ups waiting on it (docs/decisions.md,
 * "SMS and voice"): `user_phones` (the verified number, a number waiting for its code, kept as
 * a hash, and what follows an unacknowledged alarm) and `alert_followups` (per alarm and person:
 * when the text or call is due).
 */
import type { PhoneFollowUp } from '../../../../contracts/phone.js';
import { DEFAULT_FOLLOW_UP_SECONDS } from '../../../../contracts/phone.js';
import type { Db } from '../../../db/knex.js';

export interface PhoneRow {
  userId: number;
  number: string | null;
  verifiedAt: string | null;
  pendingNumber: string | null;
  codeHash: string | null;
  codeExpiresAt: string | null;
  followUp: PhoneFollowUp;
  followUpSeconds: number;
}

interface PhoneRecord {
  user_id: number;
  number: string | null;
  verified_at: string | null;
  pending_number: string | null;
  code_hash: string | null;
  code_expires_at: string | null;
  follow_up: PhoneFollowUp;
  follow_up_seconds: number;
}

const toRow = (r: PhoneRecord): PhoneRow => ({
  userId: r.user_id,
  number: r.number ?? null,
  verifiedAt: r.verified_at ?? null,
  pendingNumber: r.pending_number ?? null,
  codeHash: r.code_hash ?? null,
  codeExpiresAt: r.code_expires_at ?? null,
  followUp: r.follow_up,
  followUpSeconds: r.follow_up_seconds,
});

export const emptyPhone = (userId: number): PhoneRow => ({
  userId,
  number: null,
  verifiedAt: null,
  pendingNumber: null,
  codeHash: null,
  codeExpiresAt: null,
  followUp: 'sms',
  followUpSeconds: DEFAULT_FOLLOW_UP_SECONDS,
});

export async function phoneOf(db: Db, userId: number): Promise<PhoneRow> {
  const r = await db<PhoneRecord>('user_phones').where({ user_id: userId }).first();
  return r ? toRow(r) : emptyPhone(userId);
}

/** The verified numbers of these users (user id → row). */
export async function verifiedPhonesOf(db: Db, userIds: number[]): Promise<Map<number, PhoneRow>> {
  if (!userIds.length) return new Map();
  const rows: PhoneRecord[] = await db('user_phones').whereIn('user_id', userIds).whereNotNull('number');
  return new Map(rows.map((r) => [r.user_id, toRow(r)]));
}

/** Who verified this number (the sender of an SMS reply), if anybody. */
export async function userOfNumber(db: Db, number: string): Promise<number | null> {
  const r = await db('user_phones').where({ number }).whereNotNull('verified_at').orderBy('verified_at', 'desc').first();
  return r ? r.user_id : null;
}

export async function savePhone(db: Db, row: PhoneRow, at: string): Promise<void> {
  await db('user_phones')
    .insert({
      user_id: row.userId,
      number: row.number,
      verified_at: row.verifiedAt,
      pending_number: row.pendingNumber,
      code_hash: row.codeHash,
      code_expires_at: row.codeExpiresAt,
      follow_up: row.followUp,
      follow_up_seconds: row.followUpSeconds,
      updated_at: at,
    })
    .onConflict('user_id')
    .merge();
}

export async function deletePhone(db: Db, userId: number): Promise<void> {
  await db('user_phones').where({ user_id: userId }).delete();
  await db('alert_followups').where({ user_id: userId }).delete();
}

// Follow-ups: a text or call to a person told of an alarm nobody has acknowledged yet.

export interface FollowUp {
  alertId: number;
  userId: number;
  vesselId: number;
  channel: 'sms' | 'voice';
  dueAt: string;
}

export async function scheduleFollowUp(db: Db, f: FollowUp): Promise<void> {
  await db('alert_followups')
    .insert({ alert_id: f.alertId, user_id: f.userId, vessel_id: f.vesselId, channel: f.channel, due_at: f.dueAt })
    .onConflict(['alert_id', 'user_id'])
    .ignore();
}

export async function dueFollowUps(db: Db, nowIso: string): Promise<FollowUp[]> {
  const rows = await db('alert_followups').where('due_at', '<=', nowIso).orderBy('due_at');
  return rows.map((r: { alert_id: number; user_id: number; vessel_id: number; channel: 'sms' | 'voice'; due_at: string }) => ({
    alertId: r.alert_id,
    userId: r.user_id,
    vesselId: r.vessel_id,
    channel: r.channel,
    dueAt: r.due_at,
  }));
}

/** Takes a follow-up off the list; answers whether this caller did (so two servers never send it twice). */
export async function claimFollowUp(db: Db, alertId: number, userId: number): Promise<boolean> {
  return (await db('alert_followups').where({ alert_id: alertId, user_id: userId }).delete()) === 1;
}

export async function stopFollowUps(db: Db, alertId: number): Promise<void> {
  await db('alert_followups').where({ alert_id: alertId }).delete();
}

/** The newest SMS or calls that went to this person (newest first), of one alarm or any: what an SMS reply answers. */
export async function recentPhoneDeliveries(db: Db, userId: number, alertId: number | null): Promise<Array<{ id: number; alertId: number; vesselId: number }>> {
  const q = db('alert_deliveries').where('user_id', userId).whereIn('channel', ['sms', 'voice']).orderBy('id', 'desc').limit(20);
  if (alertId !== null) q.where('alert_id', alertId);
  const rows: Array<{ id: number; alert_id: number; vessel_id: number }> = await q.select('id', 'alert_id', 'vessel_id');
  return rows.map((r) => ({ id: r.id, alertId: r.alert_id, vesselId: r.vessel_id }));
}
