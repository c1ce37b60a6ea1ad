/**
 * What other modules may ask of the alerts module: applying a condition's reading to its alert
 * (the ingest does, for Signal K notifications), counting a vessel's active alerts (the vessel
 * list does), an alert and whether it is held back (the notifications module's delivery), the
 * warning levels of a bridge's properties (the devices module's device list), and deleting a
 * bridge's alerts when its pairing ends. The ingest hands each batch to the custom alerts and
 * warning levels of `server.plugins.alerts.api`, and the devices module its properties.
 */
import type { Knex } from 'knex';
import type { AlarmWords, AlertStatus, Alert as ContractAlert } from '../../../contracts/alerts.js';
import type { Db } from '../../db/knex.js';
import { nowIso } from '../../db/knex.js';
import type { EventBus } from '../../platform/events.js';
import { bridgeOfVessel, bridgesOfVessels, vesselIdsOfBridges } from '../bridges/api.js';
import type { CustomAlerts } from './custom/watch.js';
import type { AlertLifecycle } from './lifecycle.js';
import { deletePairingLevels } from './levels/repository.js';
import type { LevelAlerts } from './levels/service.js';
import type { AlarmNaming, PropertyDirectory } from './properties.js';
export { type AlarmNames, type AlarmNaming, propertyPathOf } from './properties.js';
import * as repo from './repository.js';
import { deleteShelvesOfBridge } from './settings-repository.js';

export type { AlertLogRow, AlertOrigin, AlertRow, LogAction } from './repository.js';
export { findAlert, insertLog } from './repository.js';
export type { AlertLifecycle } from './lifecycle.js';
export type { CustomAlerts } from './custom/watch.js';
export { levelsByProperty, type WarningLevels } from './levels/repository.js';
export { heldBack } from './suppression.js';

/** What the alerts module keeps in memory for other modules (`server.plugins.alerts.api`). */
export interface AlertsApi {
  /** Acknowledging, silencing and shelving alarms, on the module's clock (which tests move). */
  lifecycle: AlertLifecycle;
  /** Custom alerts, judged on each batch of the ingest. */
  custom: CustomAlerts;
  /** Warning levels, judged on each batch of the ingest. */
  levels: LevelAlerts;
  /** The devices module hands over its properties and devices at registration. */
  useProperties(directory: PropertyDirectory): void;
  /** Names an alarm's device and property as the Devices tab does (for a notification the ingest applies). */
  naming: AlarmNaming;
  /** The notifications module says which alarms reached somebody (the history's "nobody reached" filter). */
  useReach(reach: AlertReach): void;
}

/** Which alarms a delivery reached: a subquery of alert ids (the notifications module's receipts). */
export interface AlertReach {
  reachedAlertIds(db: Db): Knex.QueryBuilder;
}

/** Where an alarm stands (docs/decisions.md, "Alarms"; contracts/alerts.ts). */
export { ALERT_STATUSES, type AlertStatus } from '../../../contracts/alerts.js';

export { ALERT_PRIORITIES, type AlertPriority } from './repository.js';
type AlertPriority = repo.AlertPriority;

/** Signal K notification state → priority. */
const PRIORITY_OF: Record<Exclude<repo.AlertState, 'normal'>, AlertPriority> = { emergency: 'emergency', alarm: 'alarm', warn: 'warning', alert: 'caution' };

/**
 * docs/api.md `Alert` (contracts/alerts.ts) as this server always fills it: `state` is the Signal K
 * state (`normal` once cleared), `priority` the highest it reached, the device and property named
 * as the Devices tab names them, `messageWords` the server's own sentence when it worded the alarm.
 */
export type Alert = Omit<Required<ContractAlert>, 'vesselId' | 'change'>;

/** An alert as a change announced it: what just happened to it. */
export type AlertChange = Alert & { change: repo.LogAction };

/** Whether an alert is silenced at a moment. */
const silencedAt = (row: repo.AlertRow, nowMs: number) => row.silencedUntil !== null && Date.parse(row.silencedUntil) > nowMs;

export function statusOf(row: repo.AlertRow, nowMs: number): AlertStatus {
  if (row.clearedAt !== null) return row.acknowledgedAt === null ? 'rectified-unacknowledged' : 'cleared';
  if (row.acknowledgedAt !== null) return 'active-acknowledged';
  return silencedAt(row, nowMs) ? 'silenced' : 'active-unacknowledged';
}

/** An alert as the API shows it, its status (silenced or not) judged at `nowMs`, the server clock's now. */
export const alertView = (row: repo.AlertRow, nowMs: number): Alert => ({
  id: row.id,
  origin: row.origin,
  path: row.path,
  state: row.state,
  status: statusOf(row, nowMs),
  priority: row.priority,
  message: row.message,
  raisedAt: row.raisedAt,
  clearedAt: row.clearedAt,
  acknowledgedAt: row.acknowledgedAt,
  silenced: silencedAt(row, nowMs) && row.acknowledgedAt === null,
  silencedUntil: silencedAt(row, nowMs) ? row.silencedUntil : null,
  deviceName: row.deviceName,
  propertyName: row.propertyName,
  messageWords: row.messageWords,
});

/** Signal K notification states in rising severity; `nominal` counts as `normal`. */
const SEVERITY: Record<repo.AlertState, number> = { normal: 0, alert: 1, warn: 2, alarm: 3, emergency: 4 };

/** What a condition says of its alert: raised (at a state, with a message) or cleared. */
/** What a condition says: a state with its message (and, when the server worded it, which sentence: `words`), or all clear. */
export type Reading = { state: Exclude<repo.AlertState, 'normal'>; message: string; words?: AlarmWords } | 'clear';

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

/** The path of the offline notice (origin `no-data`), whose clearing is the "back online" notice (outage.ts). */
export const OFFLINE_PATH = 'bridge.connection';
export const isOfflineNotice = (alarm: { origin?: string; path: string }): boolean => alarm.origin === 'no-data' && alarm.path === OFFLINE_PATH;

/**
 * `bridgeId path` of the alerts of these bridges raised by one origin and not yet cleared: a
 * condition that says all is well changes nothing on any other path.
 */
export const unclearedAlerts = (db: Db, bridgeIds: number[], origin: repo.AlertOrigin): Promise<Set<string>> => repo.unclearedOf(db, bridgeIds, origin);

/** Whether a notification says all is well: it can only clear an alert. */
export const notificationClears = (value: unknown): boolean => readNotification(value) === 'clear';

/**
 * Applies a notification to the bridge's alert for its path (applyCondition). The geofence
 * watch raises its alarm the same way, under its own origin.
 */
export async function applyNotification(
  db: Db,
  bridgeId: number,
  /** `words`: which of the server's sentences the message is, when the server made the notification (the geofence). */
  notification: { path: string; value: unknown; timestampMs: number; words?: AlarmWords },
  /** The server clock's now, which judges the status the change is shown with. */
  nowMs: number,
  origin: repo.AlertOrigin = 'notification',
  naming?: AlarmNaming,
): Promise<AlertChange | null> {
  const read = readNotification(notification.value);
  if (!read) return null;
  const reading = read !== 'clear' && notification.words ? { ...read, words: notification.words } : read;
  return applyCondition(db, bridgeId, { origin, path: notification.path, reading, timestampMs: notification.timestampMs, nowMs }, naming);
}

/**
 * Applies what a condition (a notification, a warning level, the geofence) says to the bridge's
 * alert for its origin and path: raises a new alert, changes the active one (a rise in severity
 * asks for acknowledgement again, and ends a silence) or clears it. A reading older than the
 * last one applied changes nothing, so buffered (store-and-forward) messages cannot undo newer
 * ones and applying the same reading twice is harmless. Every change is logged. Answers the
 * alert raised, changed or cleared, or null.
 */
export async function applyCondition(
  db: Db,
  bridgeId: number,
  /** `timestampMs`: when the reading was made; `nowMs`: the server clock's now, for the status the change is shown with. */
  condition: { origin: repo.AlertOrigin; customAlertId?: number; path: string; reading: Reading; timestampMs: number; nowMs: number },
  /** Names the device and property of an alarm it raises (the alerts module's api `naming`); an alarm about no property needs none. */
  naming?: AlarmNaming,
): Promise<AlertChange | null> {
  const { origin, path, reading, timestampMs } = condition;
  const customAlertId = condition.customAlertId ?? null;
  const latest = await repo.latestOfPath(db, bridgeId, origin, path, customAlertId);
  if (latest && timestampMs < latest.notifiedMs) return null;
  const active = latest && latest.clearedAt === null ? latest : null;
  let changedId: number;
  let change: repo.LogAction;
  if (reading === 'clear') {
    if (!active) return null;
    await repo.updateAlert(db, active.id, { state: 'normal', notifiedMs: timestampMs, cleared: true, silencedUntil: null });
    changedId = active.id;
    change = active.acknowledgedAt === null ? 'rectified' : 'cleared';
  } else if (!active) {
    const names = naming ? await naming.alarmNames(db, bridgeId, path) : null;
    changedId = await repo.insertAlert(db, {
      ...names,
      bridgeId,
      origin,
      customAlertId,
      path,
      state: reading.state,
      priority: PRIORITY_OF[reading.state],
      message: reading.message,
      messageWords: reading.words ?? null,
      notifiedMs: timestampMs,
    });
    change = 'raised';
  } else if (active.state === reading.state && active.message === reading.message) {
    await repo.updateAlert(db, active.id, { notifiedMs: timestampMs });
    return null;
  } else {
    const escalated = SEVERITY[reading.state] > SEVERITY[active.state];
    await repo.updateAlert(db, active.id, {
      state: reading.state,
      priority: PRIORITY_OF[reading.state],
      message: reading.message,
      messageWords: reading.words ?? null,
      notifiedMs: timestampMs,
      ...(escalated ? { acknowledged: false, silencedBy: null, silencedUntil: null } : {}),
    });
    changedId = active.id;
    change = escalated ? 'escalated' : 'changed';
  }
  const changed = (await repo.findAlert(db, changedId))!;
  await repo.insertLog(db, changed, { action: change, userId: null, messageText: changed.message, at: nowIso() });
  return { ...alertView(changed, condition.nowMs), change };
}

/** The path of the alert a routine raises (one per routine). */
export const routineAlertPath = (routineId: number): string => `notifications.routines.${routineId}`;

const STATE_OF: Record<AlertPriority, Exclude<repo.AlertState, 'normal'>> = { caution: 'alert', warning: 'warn', alarm: 'alarm', emergency: 'emergency' };

/**
 * Raises (at a priority, with a message) or clears the alert a routine owns on its vessel, and
 * announces the change like any other alarm's (delivery, live stream). Null when nothing changed
 * or the vessel has no bridge.
 */
export async function applyRoutineAlert(
  db: Db,
  events: EventBus,
  vesselId: number,
  routineId: number,
  reading: { priority: AlertPriority; message: string } | 'clear',
  atMs: number,
): Promise<AlertChange | null> {
  const bridge = await bridgeOfVessel(db, vesselId);
  if (!bridge) return null;
  const change = await applyCondition(db, bridge.id, {
    origin: 'routine',
    path: routineAlertPath(routineId),
    reading: reading === 'clear' ? 'clear' : { state: STATE_OF[reading.priority], message: reading.message },
    timestampMs: atMs,
    nowMs: atMs,
  });
  if (change) events.emit('vessel.alert', { vesselId, alert: { ...change } });
  return change;
}

/**
 * A pairing ended (its bridge unlinked, or its vessel deleted): the alerts the bridge raised under
 * it, their log, the shelves made of its alarm points and the warning levels of its properties are
 * deleted, in the caller's transaction. Custom alerts go with the properties they watch (the
 * devices module's deletePairingDevices). Whoever ends the pairing announces it (`bridge.paired`),
 * and every node forgets the bridge's rules and levels.
 */
export async function deletePairingAlerts(db: Db, bridgeId: number): Promise<void> {
  await deleteShelvesOfBridge(db, bridgeId);
  await repo.deleteAlertsOfBridge(db, bridgeId);
  await deletePairingLevels(db, bridgeId);
}

/** vessel id → number of active alerts (vessels without any are absent). */
export async function activeAlertCounts(db: Db, vesselIds: number[]): Promise<Map<number, number>> {
  const bridges = await bridgesOfVessels(db, vesselIds);
  const counts = await repo.countActiveOfBridges(
    db,
    [...bridges.values()].map((b) => b.id),
  );
  const out = new Map<number, number>();
  for (const [vesselId, bridge] of bridges) {
    const n = counts.get(bridge.id);
    if (n) out.set(vesselId, n);
  }
  return out;
}

/** Active alerts of the vessels named, newest first, each with its vesselId. */
export async function activeAlertsOfVessels(db: Db, vesselIds: number[], nowMs: number): Promise<Array<Alert & { vesselId: number }>> {
  const bridges = await bridgesOfVessels(db, vesselIds);
  const vesselOf = new Map([...bridges].map(([vesselId, bridge]) => [bridge.id, vesselId]));
  return (await repo.activeOfBridges(db, [...vesselOf.keys()])).map((row) => ({ ...alertView(row, nowMs), vesselId: vesselOf.get(row.bridgeId)! }));
}

/** An alert and the vessel its bridge is paired with, or null when there is no such alert or vessel. */
export async function alertWithVessel(db: Db, alertId: number): Promise<{ row: repo.AlertRow; vesselId: number } | null> {
  const row = await repo.findAlert(db, alertId);
  const vesselId = row ? (await vesselIdsOfBridges(db, [row.bridgeId])).get(row.bridgeId) : undefined;
  return row && vesselId !== undefined ? { row, vesselId } : null;
}

/** vessel id → alarms raised since `sinceIso` per priority (on the vessel's current bridge); vessels without any are absent. */
export async function alarmCountsByPriority(db: Db, vesselIds: number[], sinceIso: string): Promise<Map<number, Record<AlertPriority, number>>> {
  const bridges = await bridgesOfVessels(db, vesselIds);
  const vesselOf = new Map([...bridges].map(([vesselId, bridge]) => [bridge.id, vesselId]));
  const out = new Map<number, Record<AlertPriority, number>>();
  for (const row of await repo.countRaisedByPriority(db, [...vesselOf.keys()], sinceIso)) {
    const vesselId = vesselOf.get(row.bridgeId)!;
    const counts = out.get(vesselId) ?? { emergency: 0, alarm: 0, warning: 0, caution: 0 };
    counts[row.priority] += row.n;
    out.set(vesselId, counts);
  }
  return out;
}

/** The alarms raised on a vessel's current bridge since `sinceIso`, newest first (at most `limit`): a manufacturer's read-only view. */
export async function alarmsRaisedSince(db: Db, vesselId: number, sinceIso: string, limit = 200): Promise<repo.AlertRow[]> {
  const bridge = await bridgeOfVessel(db, vesselId);
  return bridge ? repo.raisedSince(db, bridge.id, sinceIso, limit) : [];
}

/** A vessel's alarms active at some time in [from, to), and when each went into alarm or back to normal in it (the monthly alarm report's). */
export async function alarmsBetween(
  db: Db,
  vesselId: number,
  from: string,
  to: string,
): Promise<{ alarms: repo.AlertRow[]; transitions: Array<{ alertId: number; at: string }> }> {
  const bridge = await bridgeOfVessel(db, vesselId);
  if (!bridge) return { alarms: [], transitions: [] };
  return { alarms: await repo.activeBetween(db, bridge.id, from, to), transitions: await repo.transitionsBetween(db, bridge.id, from, to) };
}
