/**
 * The notifications module's tables (docs/decisions.md, "Alarms"): each user's own notification
 * settings, who muted a vessel and who turned its geofence alarms off, and the escalation ladder
 * with its stored timers. Push subscriptions are push/repository.ts's.
 */
import type { EscalationChannel, EscalationRole, EscalationStep } from '../../../contracts/alarm-settings.js';
import type { Db } from '../../db/knex.js';
import { nowIso } from '../../db/knex.js';
import type { AlertPriority } from '../alerts/api.js';

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
  channel: EscalationChannel | null;
  after_minutes: number;
  target_kind: 'user' | 'role' | 'company';
  target_user_id: number | null;
  target_role: EscalationRole | null;
  target_company_id: number | null;
}

const toStep = (r: StepRecord): EscalationStep => ({
  ...(r.channel ? { channel: r.channel } : {}),
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
        channel: s.channel ?? null,
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

// Vessels muted by their members (no alarm e-mail).

export async function mutedUserIds(db: Db, vesselId: number): Promise<Set<number>> {
  return new Set(await db('alert_mutes').where({ vessel_id: vesselId }).pluck('user_id'));
}

export async function setMuted(db: Db, vesselId: number, userId: number, muted: boolean): Promise<void> {
  if (!muted) await db('alert_mutes').where({ vessel_id: vesselId, user_id: userId }).delete();
  else await db('alert_mutes').insert({ vessel_id: vesselId, user_id: userId, created_at: nowIso() }).onConflict(['vessel_id', 'user_id']).ignore();
}
