/**
 * What other modules may ask of the alerts module: applying Signal K notifications (the devices
 * module's ingest does, BRIDGE.md) and counting a vessel's active alerts (the vessel list does).
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { bridgesOfVessels } from '../bridges/api.js';
import * as repo from './repository.js';

type Db = Database | Knex.Transaction;

/** docs/api-shapes.md `Alert`. */
export interface Alert {
  id: number;
  origin: repo.AlertOrigin;
  path: string;
  state: repo.AlertState;
  message: string;
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  silenced: boolean;
}

export const alertView = (row: repo.AlertRow): Alert => ({
  id: row.id,
  origin: row.origin,
  path: row.path,
  state: row.state,
  message: row.message,
  raisedAt: row.raisedAt,
  clearedAt: row.clearedAt,
  acknowledgedAt: row.acknowledgedAt,
  silenced: row.silenced,
});

/** Signal K notification states in rising severity; `nominal` counts as `normal`. */
const SEVERITY: Record<repo.AlertState, number> = { normal: 0, alert: 1, warn: 2, alarm: 3, emergency: 4 };

/** What a condition says of its alert: raised (at a state, with a message) or cleared. */
export type Reading = { state: Exclude<repo.AlertState, 'normal'>; message: string } | 'clear';

/** What a notification value says: raise (with state and message), clear, or nothing usable (null). */
function readNotification(value: unknown): Reading | null {
  if (value === null) return 'clear';
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const { state, message } = value as { state?: unknown; message?: unknown };
  if (state === 'normal' || state === 'nominal') return 'clear';
  if (state !== 'alert' && state !== 'warn' && state !== 'alarm' && state !== 'emergency') return null;
  return { state, message: typeof message === 'string' ? message.slice(0, 1000) : '' };
}

export const isNotificationPath = (path: string): boolean => path.startsWith('notifications.');

/**
 * Applies a notification to the bridge's alert for its path (applyCondition). The geofence
 * watch raises its alarm the same way, under its own origin.
 */
export async function applyNotification(
  db: Db,
  bridgeId: number,
  notification: { path: string; value: unknown; timestampMs: number },
  origin: repo.AlertOrigin = 'notification',
): Promise<Alert | null> {
  const reading = readNotification(notification.value);
  if (!reading) return null;
  return applyCondition(db, bridgeId, { origin, path: notification.path, reading, timestampMs: notification.timestampMs });
}

/**
 * Applies what a condition (a notification, a warning level, the geofence) says to the bridge's
 * alert for its origin and path: raises a new alert, changes the active one (a rise in severity
 * asks for acknowledgement again) or clears it. A reading older than the last one applied
 * changes nothing, so buffered (store-and-forward) messages cannot undo newer ones and applying
 * the same reading twice is harmless. Answers the alert raised, changed or cleared, or null.
 */
export async function applyCondition(db: Db, bridgeId: number, condition: { origin: repo.AlertOrigin; path: string; reading: Reading; timestampMs: number }): Promise<Alert | null> {
  const { origin, path, reading, timestampMs } = condition;
  const latest = await repo.latestOfPath(db, bridgeId, origin, path);
  if (latest && timestampMs < latest.notifiedMs) return null;
  const active = latest && latest.clearedAt === null ? latest : null;
  let changedId: number;
  if (reading === 'clear') {
    if (!active) return null;
    await repo.updateAlert(db, active.id, { state: 'normal', notifiedMs: timestampMs, cleared: true });
    changedId = active.id;
  } else if (!active) {
    changedId = await repo.insertAlert(db, { bridgeId, origin, path, state: reading.state, message: reading.message, notifiedMs: timestampMs });
  } else if (active.state === reading.state && active.message === reading.message) {
    await repo.updateAlert(db, active.id, { notifiedMs: timestampMs });
    return null;
  } else {
    const escalated = SEVERITY[reading.state] > SEVERITY[active.state];
    await repo.updateAlert(db, active.id, { state: reading.state, message: reading.message, notifiedMs: timestampMs, ...(escalated ? { acknowledgedBy: null, silencedBy: null } : {}) });
    changedId = active.id;
  }
  return alertView((await repo.findAlert(db, changedId))!);
}

/** vessel id → number of active alerts (vessels without any are absent). */
export async function activeAlertCounts(db: Db, vesselIds: number[]): Promise<Map<number, number>> {
  const bridges = await bridgesOfVessels(db, vesselIds);
  const counts = await repo.countActiveOfBridges(db, [...bridges.values()].map((b) => b.id));
  const out = new Map<number, number>();
  for (const [vesselId, bridge] of bridges) {
    const n = counts.get(bridge.id);
    if (n) out.set(vesselId, n);
  }
  return out;
}
