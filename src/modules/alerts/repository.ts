/**
 * The alerts module's tables: alerts and their log. Alerts are kept against the bridge that
 * raised them; the vessel they show on is the one the bridge is paired with.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';
import { type Page, type PageRequest, paginate } from '../../platform/pagination.js';
import type { AlertStatus } from './api.js';

// The states, priorities and origins are the shared contract's (contracts/alerts.ts).
export {
  ALERT_ORIGINS,
  ALERT_PRIORITIES,
  ALERT_STATES,
  COMPARISONS,
  type AlertOrigin,
  type AlertPriority,
  type AlertState,
  type Comparison,
} from '../../../contracts/alerts.js';
import { ALARM_WORDS, type AlarmWords, type AlarmWordsKey } from '../../../contracts/alerts.js';
import type { AlertOrigin, AlertPriority, AlertState, Comparison, CustomAlert } from '../../../contracts/alerts.js';

export interface AlertRow {
  id: number;
  bridgeId: number;
  origin: AlertOrigin;
  path: string;
  state: AlertState;
  priority: AlertPriority;
  message: string;
  notifiedMs: number;
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  acknowledgedBy: number | null;
  silencedUntil: string | null;
  customAlertId: number | null;
  /** The device and property it is about, named when it was raised (`AlarmNames`). */
  deviceName: string | null;
  propertyName: string | null;
  /** The server's own sentence the message is (AlarmWords), null for a bridge's or a person's words. */
  messageWords: AlarmWords | null;
}

interface AlertRecord {
  id: number;
  bridge_id: number;
  origin: AlertOrigin;
  path: string;
  state: AlertState;
  priority: AlertPriority;
  message: string;
  notified_ms: number | string;
  raised_at: string;
  cleared_at: string | null;
  acknowledged_at: string | null;
  acknowledged_by: number | null;
  silenced_until: string | null;
  custom_alert_id: number | null;
  device_name?: string | null;
  property_name?: string | null;
  message_key?: string | null;
  message_params?: string | null;
}

const wordsOf = (r: AlertRecord): AlarmWords | null =>
  r.message_key && (ALARM_WORDS as readonly string[]).includes(r.message_key)
    ? { key: r.message_key as AlarmWordsKey, params: JSON.parse(r.message_params ?? '{}') }
    : null;

export const toAlertRow = (r: AlertRecord): AlertRow => ({
  id: r.id,
  bridgeId: r.bridge_id,
  origin: r.origin,
  path: r.path,
  state: r.state,
  priority: r.priority,
  message: r.message,
  notifiedMs: Number(r.notified_ms),
  raisedAt: r.raised_at,
  clearedAt: r.cleared_at ?? null,
  acknowledgedAt: r.acknowledged_at ?? null,
  acknowledgedBy: r.acknowledged_by ?? null,
  silencedUntil: r.silenced_until ?? null,
  customAlertId: r.custom_alert_id ?? null,
  deviceName: r.device_name ?? null,
  propertyName: r.property_name ?? null,
  messageWords: wordsOf(r),
});

const wordsColumns = (words: AlarmWords | null) => ({ message_key: words?.key ?? null, message_params: words ? JSON.stringify(words.params) : null });

export async function findAlert(db: Db, id: number): Promise<AlertRow | null> {
  const row = await db<AlertRecord>('alerts').where({ id }).first();
  return row ? toAlertRow(row) : null;
}

/** The newest alert of a path raised by one origin (and custom alert), active or not. */
export async function latestOfPath(db: Db, bridgeId: number, origin: AlertOrigin, path: string, customAlertId: number | null): Promise<AlertRow | null> {
  const row = await db<AlertRecord>('alerts').where({ bridge_id: bridgeId, origin, path, custom_alert_id: customAlertId }).orderBy('id', 'desc').first();
  return row ? toAlertRow(row) : null;
}

/** `bridgeId path` of the alerts of these bridges raised by one origin (custom alerts aside) and not yet cleared. */
export async function unclearedOf(db: Db, bridgeIds: number[], origin: AlertOrigin): Promise<Set<string>> {
  const rows = await db<AlertRecord>('alerts')
    .whereIn('bridge_id', bridgeIds)
    .where({ origin, custom_alert_id: null, cleared_at: null })
    .distinct('bridge_id', 'path');
  return new Set(rows.map((r) => `${r.bridge_id} ${r.path}`));
}

export async function insertAlert(
  db: Db,
  row: {
    bridgeId: number;
    origin: AlertOrigin;
    customAlertId: number | null;
    path: string;
    state: AlertState;
    priority: AlertPriority;
    message: string;
    messageWords?: AlarmWords | null;
    notifiedMs: number;
    deviceName?: string | null;
    propertyName?: string | null;
  },
): Promise<number> {
  const now = nowIso();
  return insertId(db, 'alerts', {
    device_name: row.deviceName ?? null,
    property_name: row.propertyName ?? null,
    bridge_id: row.bridgeId,
    origin: row.origin,
    custom_alert_id: row.customAlertId,
    path: row.path,
    state: row.state,
    priority: row.priority,
    message: row.message,
    ...wordsColumns(row.messageWords ?? null),
    notified_ms: row.notifiedMs,
    raised_at: now,
    updated_at: now,
  });
}

export async function updateAlert(
  db: Db,
  id: number,
  patch: {
    state?: AlertState;
    priority?: AlertPriority;
    message?: string;
    messageWords?: AlarmWords | null;
    notifiedMs?: number;
    cleared?: boolean;
    acknowledged?: { by: number | null } | false;
    silencedBy?: number | null;
    silencedUntil?: string | null;
    at?: string;
  },
): Promise<void> {
  const now = patch.at ?? nowIso();
  const changes: Record<string, unknown> = { updated_at: now };
  if (patch.state !== undefined) changes.state = patch.state;
  if (patch.priority !== undefined) changes.priority = patch.priority;
  if (patch.message !== undefined) changes.message = patch.message;
  if (patch.messageWords !== undefined) Object.assign(changes, wordsColumns(patch.messageWords));
  if (patch.notifiedMs !== undefined) changes.notified_ms = patch.notifiedMs;
  if (patch.cleared) changes.cleared_at = now;
  // `by` null: acknowledged by the operator (CLI), not by a user.
  if (patch.acknowledged !== undefined)
    Object.assign(
      changes,
      patch.acknowledged ? { acknowledged_at: now, acknowledged_by: patch.acknowledged.by } : { acknowledged_at: null, acknowledged_by: null },
    );
  if (patch.silencedBy !== undefined) changes.silenced_by = patch.silencedBy;
  if (patch.silencedUntil !== undefined) changes.silenced_until = patch.silencedUntil;
  await db('alerts').where({ id }).update(changes);
}

/** Active: the condition holds, or it has cleared and nobody has acknowledged the alert yet. */
const whereActive = (q: Knex.QueryBuilder) => q.where((w) => w.whereNull('cleared_at').orWhereNull('acknowledged_at'));

/** Active alerts first (newest first), then those cleared since `clearedSince`. */
export async function alertsOfBridge(db: Db, bridgeId: number, clearedSince: string): Promise<AlertRow[]> {
  const rows = await db<AlertRecord>('alerts')
    .where({ bridge_id: bridgeId })
    .andWhere((w) => w.whereNull('cleared_at').orWhereNull('acknowledged_at').orWhere('cleared_at', '>=', clearedSince))
    .orderByRaw('CASE WHEN cleared_at IS NULL OR acknowledged_at IS NULL THEN 0 ELSE 1 END')
    .orderBy('raised_at', 'desc')
    .orderBy('id', 'desc');
  return rows.map(toAlertRow);
}

export async function activeOfBridges(db: Db, bridgeIds: number[]): Promise<AlertRow[]> {
  if (!bridgeIds.length) return [];
  const rows = await whereActive(db('alerts').whereIn('bridge_id', bridgeIds)).orderBy('raised_at', 'desc').orderBy('id', 'desc');
  return rows.map(toAlertRow);
}

/** Every active alert of the platform (including rectified ones nobody acknowledged), newest first: the admin console's. */
export async function allActive(db: Db): Promise<AlertRow[]> {
  const rows = await whereActive(db('alerts')).orderBy('raised_at', 'desc').orderBy('id', 'desc');
  return rows.map(toAlertRow);
}

export async function countActiveOfBridges(db: Db, bridgeIds: number[]): Promise<Map<number, number>> {
  if (!bridgeIds.length) return new Map();
  const rows = await whereActive(db('alerts').whereIn('bridge_id', bridgeIds))
    .groupBy('bridge_id')
    .select('bridge_id')
    .count<{ bridge_id: number; n: number | string }[]>({ n: '*' });
  return new Map(rows.map((r) => [r.bridge_id, Number(r.n)]));
}

/** Alerts of a bridge whose condition holds, that nobody has acknowledged and that are not silenced at `nowIsoText`. */
export async function sounding(db: Db, bridgeId: number, nowIsoText: string): Promise<AlertRow[]> {
  const rows = await db<AlertRecord>('alerts')
    .where({ bridge_id: bridgeId })
    .whereNull('cleared_at')
    .whereNull('acknowledged_at')
    .where((w) => w.whereNull('silenced_until').orWhere('silenced_until', '<=', nowIsoText));
  return rows.map(toAlertRow);
}

/** Silences that have run out (`silenced_until` at or before `nowIso`) on alerts still unacknowledged. */
export async function lapsedSilences(db: Db, nowIsoText: string): Promise<AlertRow[]> {
  const rows = await db<AlertRecord>('alerts').whereNotNull('silenced_until').where('silenced_until', '<=', nowIsoText).whereNull('acknowledged_at');
  return rows.map(toAlertRow);
}

/** What the alert history is filtered by (`POST alerts/history/page`); `from`/`to` bound when alerts were raised. */
export interface HistoryFilter {
  state?: AlertState;
  status?: AlertStatus;
  priority?: AlertPriority;
  origin?: AlertOrigin;
  path?: string;
  active?: boolean;
  from?: string;
  to?: string;
  /** Only the alarms nobody was reached by (true) or somebody was (false): no acknowledgement by a person, nor an alert id of `reached`. */
  nobodyReached?: boolean;
  reached?: Knex.QueryBuilder;
}

/** The lifecycle status as a condition on the alerts table. */
function whereStatus(query: Knex.QueryBuilder, status: AlertStatus, nowIso: string): void {
  if (status === 'cleared') query.whereNotNull('cleared_at').whereNotNull('acknowledged_at');
  else if (status === 'rectified-unacknowledged') query.whereNotNull('cleared_at').whereNull('acknowledged_at');
  else if (status === 'active-acknowledged') query.whereNull('cleared_at').whereNotNull('acknowledged_at');
  else if (status === 'silenced') query.whereNull('cleared_at').whereNull('acknowledged_at').where('silenced_until', '>', nowIso);
  else
    query
      .whereNull('cleared_at')
      .whereNull('acknowledged_at')
      .where((w) => w.whereNull('silenced_until').orWhere('silenced_until', '<=', nowIso));
}

/** A page of the alert history of some bridges, filtered; a silence counts as such at `nowIso`. */
export function historyPage<T>(
  db: Db,
  bridgeIds: number[],
  f: HistoryFilter,
  nowIso: string,
  page: PageRequest<unknown>,
  map: (row: AlertRow) => T,
): Promise<Page<T>> {
  const query = db('alerts').whereIn('bridge_id', bridgeIds).select('*');
  if (f.state) query.where('state', f.state);
  if (f.status) whereStatus(query, f.status, nowIso);
  if (f.priority) query.where('priority', f.priority);
  if (f.origin) query.where('origin', f.origin);
  if (f.path) query.where('path', f.path);
  if (f.active === true) query.where((w) => w.whereNull('cleared_at').orWhereNull('acknowledged_at'));
  if (f.active === false) query.whereNotNull('cleared_at').whereNotNull('acknowledged_at');
  if (f.from) query.where('raised_at', '>=', new Date(f.from).toISOString());
  if (f.to) query.where('raised_at', '<=', new Date(f.to).toISOString());
  if (f.nobodyReached === true) query.whereNull('acknowledged_by').modify((q) => (f.reached ? q.whereNotIn('id', f.reached) : q));
  if (f.nobodyReached === false)
    query.where((w) => (f.reached ? w.whereNotNull('acknowledged_by').orWhereIn('id', f.reached) : w.whereNotNull('acknowledged_by')));
  return paginate(query, page, { raisedAt: 'raised_at', state: 'state', priority: 'priority', path: 'path' }, ['raised_at', 'desc'], (row: AlertRecord) =>
    map(toAlertRow(row)),
  );
}

/** The alerts of a bridge active at some time in [from, to): raised before `to`, and not cleared before `from`. */
export async function activeBetween(db: Db, bridgeId: number, from: string, to: string): Promise<AlertRow[]> {
  const rows = await db<AlertRecord>('alerts')
    .where({ bridge_id: bridgeId })
    .where('raised_at', '<', to)
    .where((w) => w.whereNull('cleared_at').orWhere('cleared_at', '>=', from))
    .orderBy('id');
  return rows.map(toAlertRow);
}

/** When a bridge's alarms went into alarm or back to normal in [from, to), oldest first. */
export async function transitionsBetween(db: Db, bridgeId: number, from: string, to: string): Promise<Array<{ alertId: number; at: string }>> {
  const rows: Array<{ alert_id: number; at: string }> = await db('alert_log')
    .where({ bridge_id: bridgeId })
    .whereIn('action', ['raised', 'rectified', 'cleared'])
    .where('at', '>=', from)
    .where('at', '<', to)
    .orderBy('at')
    .select('alert_id', 'at');
  return rows.map((r) => ({ alertId: r.alert_id, at: r.at }));
}

/** Every alert of a bridge with its log (their escalation timers cascade): a pairing's alerts end with it. */
export async function deleteAlertsOfBridge(db: Db, bridgeId: number): Promise<void> {
  await db('alert_log').where({ bridge_id: bridgeId }).delete();
  await db('alerts').where({ bridge_id: bridgeId }).delete();
}

// The alert log.

export const LOG_ACTIONS = [
  'raised',
  'changed',
  'escalated',
  'rectified',
  'acknowledged',
  'silenced',
  'unsilenced',
  'cleared',
  'note',
  'shelved',
  'unshelved',
  'suppressed',
  'notified',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

export interface AlertLogRow {
  id: number;
  alertId: number;
  bridgeId: number;
  path: string;
  action: LogAction;
  state: AlertState;
  userId: number | null;
  messageText: string;
  at: string;
}

interface AlertLogRecord {
  id: number;
  alert_id: number;
  bridge_id: number;
  path: string;
  action: LogAction;
  state: AlertState;
  user_id: number | null;
  message_text: string;
  at: string;
}

export const toLogRow = (r: AlertLogRecord): AlertLogRow => ({
  id: r.id,
  alertId: r.alert_id,
  bridgeId: r.bridge_id,
  path: r.path,
  action: r.action,
  state: r.state,
  userId: r.user_id ?? null,
  messageText: r.message_text,
  at: r.at,
});

export async function insertLog(
  db: Db,
  alert: { id: number; bridgeId: number; path: string; state: AlertState },
  entry: { action: LogAction; userId: number | null; messageText?: string; at: string },
): Promise<number> {
  return insertId(db, 'alert_log', {
    alert_id: alert.id,
    bridge_id: alert.bridgeId,
    path: alert.path,
    action: entry.action,
    state: alert.state,
    user_id: entry.userId,
    message_text: entry.messageText ?? '',
    at: entry.at,
  });
}

export async function findLog(db: Db, id: number): Promise<AlertLogRow | null> {
  const row = await db<AlertLogRecord>('alert_log').where({ id }).first();
  return row ? toLogRow(row) : null;
}

/** A page of the log of some paths of a bridge, newest first, optionally between two times; with the count of all its entries. */
export async function logPageOfPaths(
  db: Db,
  bridgeId: number,
  paths: string[],
  page: { page: number; size: number; from?: string; to?: string; actions?: LogAction[] },
): Promise<{ total: number; rows: AlertLogRow[] }> {
  const query = db('alert_log').where({ bridge_id: bridgeId }).whereIn('path', paths).select('*');
  if (page.actions?.length) query.whereIn('action', page.actions);
  if (page.from) query.where('at', '>=', new Date(page.from).toISOString());
  if (page.to) query.where('at', '<=', new Date(page.to).toISOString());
  const count = await query.clone().clearSelect().count<{ n: number | string }[]>({ n: '*' }).first();
  const rows: AlertLogRecord[] = await query
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.page * page.size);
  return { total: Number(count?.n ?? 0), rows: rows.map(toLogRow) };
}

// Custom alerts.

/** A custom alert as stored and answered (docs/api.md `CustomAlert`). */
export type CustomAlertRow = CustomAlert;

export type CustomAlertFields = Pick<CustomAlertRow, 'propertyId' | 'path' | 'comparison' | 'threshold' | 'durationSeconds' | 'priority' | 'message'>;

interface CustomAlertRecord {
  id: number;
  vessel_id: number;
  property_id: number;
  path: string;
  comparison: Comparison;
  threshold: number | string;
  duration_seconds: number;
  priority: AlertPriority;
  message: string;
  paused: boolean | number;
  created_at: string;
  updated_at: string;
}

const toCustomAlert = (r: CustomAlertRecord): CustomAlertRow => ({
  id: r.id,
  vesselId: r.vessel_id,
  propertyId: r.property_id,
  path: r.path,
  comparison: r.comparison,
  threshold: Number(r.threshold),
  durationSeconds: r.duration_seconds,
  priority: r.priority,
  message: r.message,
  paused: Boolean(r.paused),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const customColumns = (f: CustomAlertFields) => ({
  property_id: f.propertyId,
  path: f.path,
  comparison: f.comparison,
  threshold: f.threshold,
  duration_seconds: f.durationSeconds,
  priority: f.priority,
  message: f.message,
});

export async function customAlertsOfVessel(db: Db, vesselId: number): Promise<CustomAlertRow[]> {
  return (await db<CustomAlertRecord>('custom_alerts').where({ vessel_id: vesselId }).orderBy('id')).map(toCustomAlert);
}

export async function findCustomAlert(db: Db, vesselId: number, id: number): Promise<CustomAlertRow | null> {
  const row = await db<CustomAlertRecord>('custom_alerts').where({ vessel_id: vesselId, id }).first();
  return row ? toCustomAlert(row) : null;
}

export async function insertCustomAlert(db: Db, vesselId: number, fields: CustomAlertFields, userId: number): Promise<number> {
  const now = nowIso();
  return insertId(db, 'custom_alerts', { vessel_id: vesselId, ...customColumns(fields), paused: false, created_by: userId, created_at: now, updated_at: now });
}

export async function updateCustomAlert(db: Db, id: number, change: CustomAlertFields | { paused: boolean }): Promise<void> {
  await db('custom_alerts')
    .where({ id })
    .update({ ...('paused' in change ? { paused: change.paused } : customColumns(change)), updated_at: nowIso() });
}

export async function deleteCustomAlert(db: Db, id: number): Promise<void> {
  await db('custom_alerts').where({ id }).delete();
}

/** Alarms a bridge raised since `sinceIso`, newest first, at most `limit`. */
export async function raisedSince(db: Db, bridgeId: number, sinceIso: string, limit: number): Promise<AlertRow[]> {
  const rows = await db<AlertRecord>('alerts')
    .where({ bridge_id: bridgeId })
    .where('raised_at', '>=', sinceIso)
    .orderBy('raised_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  return rows.map(toAlertRow);
}

/** bridge id → priority → alerts raised since `sinceIso` (the manufacturers' fleet statistics). */
export async function countRaisedByPriority(
  db: Db,
  bridgeIds: number[],
  sinceIso: string,
): Promise<Array<{ bridgeId: number; priority: AlertPriority; n: number }>> {
  if (!bridgeIds.length) return [];
  const rows = await db('alerts')
    .whereIn('bridge_id', bridgeIds)
    .where('raised_at', '>=', sinceIso)
    .groupBy('bridge_id', 'priority')
    .select('bridge_id', 'priority')
    .count<{ bridge_id: number; priority: AlertPriority; n: number | string }[]>({ n: '*' });
  return rows.map((r) => ({ bridgeId: r.bridge_id, priority: r.priority, n: Number(r.n) }));
}
