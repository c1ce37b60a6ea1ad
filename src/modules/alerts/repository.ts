/**
 * The alerts module's table. Alerts are kept against the bridge that raised them; the vessel
 * they show on is the one the bridge is paired with.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';

type Db = Database | Knex.Transaction;

export const ALERT_STATES = ['normal', 'alert', 'warn', 'alarm', 'emergency'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** What raised an alert: a bridge's notification, a property's warning level, the geofence. */
export const ALERT_ORIGINS = ['notification', 'level', 'geofence'] as const;
export type AlertOrigin = (typeof ALERT_ORIGINS)[number];

export interface AlertRow {
  id: number;
  bridgeId: number;
  origin: AlertOrigin;
  path: string;
  state: AlertState;
  message: string;
  notifiedMs: number;
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  silenced: boolean;
}

export const toAlertRow = (r: any): AlertRow => ({
  id: r.id,
  bridgeId: r.bridge_id,
  origin: r.origin,
  path: r.path,
  state: r.state,
  message: r.message,
  notifiedMs: Number(r.notified_ms),
  raisedAt: r.raised_at,
  clearedAt: r.cleared_at ?? null,
  acknowledgedAt: r.acknowledged_at ?? null,
  silenced: Boolean(r.silenced),
});

export async function findAlert(db: Db, id: number): Promise<AlertRow | null> {
  const row = await db('alerts').where({ id }).first();
  return row ? toAlertRow(row) : null;
}

/** The newest alert of a path raised by one origin, active or not. */
export async function latestOfPath(db: Db, bridgeId: number, origin: AlertOrigin, path: string): Promise<AlertRow | null> {
  const row = await db('alerts').where({ bridge_id: bridgeId, origin, path }).orderBy('id', 'desc').first();
  return row ? toAlertRow(row) : null;
}

export async function insertAlert(db: Db, row: { bridgeId: number; origin: AlertOrigin; path: string; state: AlertState; message: string; notifiedMs: number }): Promise<number> {
  const now = nowIso();
  return insertId(db, 'alerts', { bridge_id: row.bridgeId, origin: row.origin, path: row.path, state: row.state, message: row.message, notified_ms: row.notifiedMs, raised_at: now, updated_at: now });
}

export async function updateAlert(
  db: Db,
  id: number,
  patch: { state?: AlertState; message?: string; notifiedMs?: number; cleared?: boolean; acknowledgedBy?: number | null; silencedBy?: number | null },
): Promise<void> {
  const now = nowIso();
  const changes: Record<string, unknown> = { updated_at: now };
  if (patch.state !== undefined) changes.state = patch.state;
  if (patch.message !== undefined) changes.message = patch.message;
  if (patch.notifiedMs !== undefined) changes.notified_ms = patch.notifiedMs;
  if (patch.cleared) changes.cleared_at = now;
  if (patch.acknowledgedBy !== undefined) Object.assign(changes, { acknowledged_at: patch.acknowledgedBy === null ? null : now, acknowledged_by: patch.acknowledgedBy });
  if (patch.silencedBy !== undefined) Object.assign(changes, { silenced: patch.silencedBy !== null, silenced_by: patch.silencedBy });
  await db('alerts').where({ id }).update(changes);
}

/** Active alerts first (newest first), then those cleared since `clearedSince`. */
export async function alertsOfBridge(db: Db, bridgeId: number, clearedSince: string): Promise<AlertRow[]> {
  const rows = await db('alerts')
    .where({ bridge_id: bridgeId })
    .andWhere((w) => w.whereNull('cleared_at').orWhere('cleared_at', '>=', clearedSince))
    .orderByRaw('CASE WHEN cleared_at IS NULL THEN 0 ELSE 1 END')
    .orderBy('raised_at', 'desc')
    .orderBy('id', 'desc');
  return rows.map(toAlertRow);
}

export async function activeOfBridges(db: Db, bridgeIds: number[]): Promise<AlertRow[]> {
  if (!bridgeIds.length) return [];
  const rows = await db('alerts').whereIn('bridge_id', bridgeIds).whereNull('cleared_at').orderBy('raised_at', 'desc').orderBy('id', 'desc');
  return rows.map(toAlertRow);
}

export async function countActiveOfBridges(db: Db, bridgeIds: number[]): Promise<Map<number, number>> {
  if (!bridgeIds.length) return new Map();
  const rows = await db('alerts').whereIn('bridge_id', bridgeIds).whereNull('cleared_at').groupBy('bridge_id').select('bridge_id').count<{ bridge_id: number; n: number | string }[]>({ n: '*' });
  return new Map(rows.map((r) => [r.bridge_id, Number(r.n)]));
}

export async function unsilencedActiveIds(db: Db, bridgeId: number): Promise<number[]> {
  return db('alerts').where({ bridge_id: bridgeId, silenced: false }).whereNull('cleared_at').pluck('id');
}

export const historyQuery = (db: Db, bridgeIds: number[]) => db('alerts').whereIn('bridge_id', bridgeIds).select('*');
