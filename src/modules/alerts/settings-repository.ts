/**
 * The alerts module's settings tables (docs/decisions.md, "Alarms"): shelved alarm points, the
 * vessel's mode and no-data time, the alarm sources each mode suppresses, each user's own
 * notification settings and geofence notifications, and the escalation ladder with its stored
 * timers.
 */
import type { EscalationRole, EscalationStep } from '../../../contracts/alarm-settings.js';
import type { Db } from '../../db/knex.js';
import { insertId } from '../../db/knex.js';
import type { AlertOrigin, AlertPriority } from './repository.js';

// Shelving.

export interface ShelfRow {
  id: number;
  bridgeId: number;
  origin: AlertOrigin;
  path: string;
  reason: string;
  until: string;
  shelvedBy: number | null;
  createdAt: string;
}

interface ShelfRecord {
  id: number;
  bridge_id: number;
  origin: AlertOrigin;
  path: string;
  reason: string;
  until: string;
  shelved_by: number | null;
  created_at: string;
}

const toShelf = (r: ShelfRecord): ShelfRow => ({
  id: r.id,
  bridgeId: r.bridge_id,
  origin: r.origin,
  path: r.path,
  reason: r.reason,
  until: r.until,
  shelvedBy: r.shelved_by ?? null,
  createdAt: r.created_at,
});

/** The shelves of a bridge in force (not ended). */
export async function shelvesOfBridge(db: Db, bridgeId: number): Promise<ShelfRow[]> {
  return (await db<ShelfRecord>('alarm_shelves').where({ bridge_id: bridgeId }).whereNull('ended_at').orderBy('until')).map(toShelf);
}

export async function shelfOf(db: Db, bridgeId: number, origin: AlertOrigin, path: string): Promise<ShelfRow | null> {
  const row = await db<ShelfRecord>('alarm_shelves').where({ bridge_id: bridgeId, origin, path }).whereNull('ended_at').first();
  return row ? toShelf(row) : null;
}

export async function insertShelf(db: Db, shelf: Omit<ShelfRow, 'id'>): Promise<number> {
  return insertId(db, 'alarm_shelves', {
    bridge_id: shelf.bridgeId,
    origin: shelf.origin,
    path: shelf.path,
    reason: shelf.reason,
    until: shelf.until,
    shelved_by: shelf.shelvedBy,
    created_at: shelf.createdAt,
  });
}

/** Ends a shelf; answers whether it was still in force (so only one sweep ends it). */
export async function endShelf(db: Db, id: number, at: string): Promise<boolean> {
  return (await db('alarm_shelves').where({ id }).whereNull('ended_at').update({ ended_at: at })) === 1;
}

export async function lapsedShelves(db: Db, nowIsoText: string): Promise<ShelfRow[]> {
  return (await db<ShelfRecord>('alarm_shelves').whereNull('ended_at').where('until', '<=', nowIsoText)).map(toShelf);
}

/** Every shelf of a bridge, in force or ended: they end with the pairing they were made under. */
export async function deleteShelvesOfBridge(db: Db, bridgeId: number): Promise<void> {
  await db('alarm_shelves').where({ bridge_id: bridgeId }).delete();
}

// The vessel's mode, no-data time and suppressions.

export const VESSEL_MODES = ['at-sea', 'at-anchor', 'in-marina', 'hauled-out', 'in-survey'] as const;
export type VesselMode = (typeof VESSEL_MODES)[number];
export const NO_DATA_DEFAULT_MINUTES = 15;

export interface VesselAlarmSettings {
  mode: VesselMode;
  noDataMinutes: number;
}

export async function vesselSettings(db: Db, vesselId: number): Promise<VesselAlarmSettings> {
  const row = await db('vessel_alarm_settings').where({ vessel_id: vesselId }).first();
  return { mode: row?.mode ?? 'at-sea', noDataMinutes: row?.no_data_minutes ?? NO_DATA_DEFAULT_MINUTES };
}

/** vessel id → its no-data time in minutes, for the vessels that set one. */
export async function noDataMinutesOf(db: Db, vesselIds: number[]): Promise<Map<number, number>> {
  if (!vesselIds.length) return new Map();
  const rows: Array<{ vessel_id: number; no_data_minutes: number }> = await db('vessel_alarm_settings')
    .whereIn('vessel_id', vesselIds)
    .select('vessel_id', 'no_data_minutes');
  return new Map(rows.map((r) => [r.vessel_id, r.no_data_minutes]));
}

export async function saveVesselSettings(db: Db, vesselId: number, settings: VesselAlarmSettings, at: string): Promise<void> {
  await db('vessel_alarm_settings')
    .insert({ vessel_id: vesselId, mode: settings.mode, no_data_minutes: settings.noDataMinutes, updated_at: at })
    .onConflict('vessel_id')
    .merge();
}

/** mode → the alarm sources it suppresses. */
export async function suppressionsOf(db: Db, vesselId: number): Promise<Map<VesselMode, string[]>> {
  const rows: Array<{ mode: VesselMode; source: string }> = await db('alarm_mode_suppressions')
    .where({ vessel_id: vesselId })
    .orderBy('mode')
    .orderBy('source')
    .select('mode', 'source');
  const out = new Map<VesselMode, string[]>();
  for (const r of rows) out.set(r.mode, [...(out.get(r.mode) ?? []), r.source]);
  return out;
}

export async function replaceSuppressions(db: Db, vesselId: number, byMode: Partial<Record<VesselMode, string[]>>): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('alarm_mode_suppressions').where({ vessel_id: vesselId }).delete();
    const rows = Object.entries(byMode).flatMap(([mode, sources]) => [...new Set(sources)].map((source) => ({ vessel_id: vesselId, mode, source })));
    if (rows.length) await trx('alarm_mode_suppressions').insert(rows);
  });
}

// Each user's own notification settings.

export interface UserNotificationSettings {
  minPriority: { email: AlertPriority; push: AlertPriority; inApp: AlertPriority };
  /** Local times (HH:MM, the user's time zone); both null: no quiet hours. */
  quietHours: { start: string; end: string } | null;
}

export const DEFAULT_USER_SETTINGS: UserNotificationSettings = { minPriority: { email: 'caution', push: 'caution', inApp: 'caution' }, quietHours: null };

interface UserSettingsRecord {
  user_id: number;
  email_min: AlertPriority;
  push_min: AlertPriority;
  in_app_min: AlertPriority;
  quiet_start: string | null;
  quiet_end: string | null;
}

const toUserSettings = (r: UserSettingsRecord): UserNotificationSettings => ({
  minPriority: { email: r.email_min, push: r.push_min, inApp: r.in_app_min },
  quietHours: r.quiet_start && r.quiet_end ? { start: r.quiet_start, end: r.quiet_end } : null,
});

export async function userSettingsOf(db: Db, userIds: number[]): Promise<Map<number, UserNotificationSettings>> {
  if (!userIds.length) return new Map();
  const rows: UserSettingsRecord[] = await db('user_notification_settings').whereIn('user_id', userIds);
  return new Map(rows.map((r) => [r.user_id, toUserSettings(r)]));
}

export async function saveUserSettings(db: Db, userId: number, s: UserNotificationSettings, at: string): Promise<void> {
  await db('user_notification_settings')
    .insert({
      user_id: userId,
      email_min: s.minPriority.email,
      push_min: s.minPriority.push,
      in_app_min: s.minPriority.inApp,
      quiet_start: s.quietHours?.start ?? null,
      quiet_end: s.quietHours?.end ?? null,
      updated_at: at,
    })
    .onConflict('user_id')
    .merge();
}

/** user id → whether they get the vessel's geofence alarms (absent: the default, yes). */
export async function geofenceNotifyOf(db: Db, vesselId: number): Promise<Map<number, boolean>> {
  const rows: Array<{ user_id: number; enabled: boolean | number }> = await db('geofence_notify').where({ vessel_id: vesselId });
  return new Map(rows.map((r) => [r.user_id, Boolean(r.enabled)]));
}

export async function setGeofenceNotify(db: Db, vesselId: number, userId: number, enabled: boolean): Promise<void> {
  await db('geofence_notify').insert({ vessel_id: vesselId, user_id: userId, enabled }).onConflict(['vessel_id', 'user_id']).merge();
}

// The escalation ladder.

export { ESCALATION_ROLES, type EscalationRole, type EscalationStep, type EscalationTarget } from '../../../contracts/alarm-settings.js';

interface StepRecord {
  position: number;
  after_minutes: number;
  target_kind: 'user' | 'role' | 'company';
  target_user_id: number | null;
  target_role: EscalationRole | null;
  target_company_id: number | null;
}

const toStep = (r: StepRecord): EscalationStep => ({
  afterMinutes: r.after_minutes,
  target:
    r.target_kind === 'user'
      ? { kind: 'user', userId: r.target_user_id! }
      : r.target_kind === 'company'
        ? { kind: 'company', companyId: r.target_company_id! }
        : { kind: 'role', role: r.target_role! },
});

export async function ladderOf(db: Db, vesselId: number): Promise<EscalationStep[]> {
  const rows: StepRecord[] = await db('escalation_steps').where({ vessel_id: vesselId }).orderBy('position');
  return rows.map(toStep);
}

export async function replaceLadder(db: Db, vesselId: number, steps: EscalationStep[]): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('escalation_steps').where({ vessel_id: vesselId }).delete();
    if (!steps.length) return;
    await trx('escalation_steps').insert(
      steps.map((s, position) => ({
        vessel_id: vesselId,
        position,
        after_minutes: s.afterMinutes,
        target_kind: s.target.kind,
        target_user_id: s.target.kind === 'user' ? s.target.userId : null,
        target_role: s.target.kind === 'role' ? s.target.role : null,
        target_company_id: s.target.kind === 'company' ? s.target.companyId : null,
      })),
    );
  });
}

export interface EscalationTimer {
  alertId: number;
  vesselId: number;
  nextPosition: number;
  dueAt: string;
}

export async function startEscalation(db: Db, timer: EscalationTimer): Promise<void> {
  await db('alert_escalations')
    .insert({ alert_id: timer.alertId, vessel_id: timer.vesselId, next_position: timer.nextPosition, due_at: timer.dueAt })
    .onConflict('alert_id')
    .ignore();
}

export async function escalationOf(db: Db, alertId: number): Promise<EscalationTimer | null> {
  const r = await db('alert_escalations').where({ alert_id: alertId }).first();
  return r ? { alertId: r.alert_id, vesselId: r.vessel_id, nextPosition: r.next_position, dueAt: r.due_at } : null;
}

export async function dueEscalations(db: Db, nowIsoText: string): Promise<EscalationTimer[]> {
  const rows = await db('alert_escalations').where('due_at', '<=', nowIsoText).orderBy('due_at');
  return rows.map((r: { alert_id: number; vessel_id: number; next_position: number; due_at: string }) => ({
    alertId: r.alert_id,
    vesselId: r.vessel_id,
    nextPosition: r.next_position,
    dueAt: r.due_at,
  }));
}

/**
 * Moves a timer past the step it was at, only if nobody else has (answers whether this caller
 * did): the step is claimed before it is sent, so two servers, or a restart, never send it twice.
 */
export async function claimStep(db: Db, alertId: number, position: number, next: { position: number; dueAt: string } | null): Promise<boolean> {
  const query = db('alert_escalations').where({ alert_id: alertId, next_position: position });
  const n = next ? await query.update({ next_position: next.position, due_at: next.dueAt }) : await query.delete();
  return n === 1;
}

export async function stopEscalation(db: Db, alertId: number): Promise<void> {
  await db('alert_escalations').where({ alert_id: alertId }).delete();
}
