/**
 * What other modules may ask of the devices module: where a vessel is and where it has been
 * (geofences, route views). Data is read through the vessel's current bridge, and deleted when
 * a pairing ends.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { bridgeOfVessel } from '../bridges/api.js';
import { reportingOf } from '../vessel/api.js';
import { HOUR_MS, MINUTE_MS } from './buckets.js';
import * as history from './history-repository.js';
import * as pairing from './pairing-repository.js';
import * as repo from './repository.js';

type Db = Database | Knex.Transaction;

/**
 * A pairing ended (its bridge unlinked, or its vessel deleted): what the bridge reported under it
 * is deleted, in the caller's transaction (pairing-repository.ts). Whoever ends the pairing
 * announces it (`bridge.paired`), and every node forgets what it keeps of the bridge.
 */
export const deletePairingData = (db: Db, bridgeId: number): Promise<void> => pairing.deletePairingData(db, bridgeId);

/** Most points a location history answers; longer ranges are evenly thinned. */
const MAX_TRACK_POINTS = 5000;

/** Whether the vessel shows where it is: with GPS reporting off, no position or track is shown. */
export async function showsPosition(db: Db, vesselId: number): Promise<boolean> {
  return (await reportingOf(db, vesselId)).gpsReporting;
}

export async function currentLocation(db: Db, vesselId: number): Promise<repo.LocationRow | null> {
  if (!(await showsPosition(db, vesselId))) return null;
  const bridge = await bridgeOfVessel(db, vesselId);
  return bridge ? repo.latestLocation(db, bridge.id) : null;
}

/** Positions between two times, oldest first, at most MAX_TRACK_POINTS. */
export async function locationHistory(db: Db, vesselId: number, fromMs: number, toMs: number): Promise<repo.LocationRow[]> {
  if (!(await showsPosition(db, vesselId))) return [];
  const bridge = await bridgeOfVessel(db, vesselId);
  return bridge ? repo.locationsBetween(db, bridge.id, fromMs, toMs, MAX_TRACK_POINTS) : [];
}

/**
 * Engine run hours (Signal K `propulsion.<id>.runTime`, seconds) by propulsion id, as the
 * vessel's current bridge last reported them; the service module counts maintenance by them.
 */
export async function engineRunHours(db: Db, vesselId: number): Promise<Array<{ engine: string; hours: number; tsMs: number }>> {
  const bridge = await bridgeOfVessel(db, vesselId);
  if (!bridge) return [];
  const values = await repo.currentValuesLike(db, bridge.id, 'propulsion.%.runTime');
  return values.flatMap(({ path, value, tsMs }) => {
    const engine = path.slice('propulsion.'.length, -'.runTime'.length);
    return typeof value === 'number' && Number.isFinite(value) && engine && !engine.includes('.') ? [{ engine, hours: value / 3600, tsMs }] : [];
  });
}

/**
 * Retention of raw history (docs/operations.md, "Retention"): deletes up to `limit` raw rows and
 * compacted hours older than `cutoffMs`, series by series along their index; answers how many
 * went. Raw rows the rollup job has not reached yet stay until it has.
 */
export async function pruneHistory(db: Db, cutoffMs: number, limit: number): Promise<number> {
  const { cursor } = await history.rollupState(db);
  return pruneEach(await repo.seriesWithHistoryBefore(db, cutoffMs), limit, (id, left) => repo.pruneSeriesHistory(db, id, cutoffMs, left, cursor));
}

/** Retention of the rollups (history for charts): up to `limit` rollup rows older than `cutoffMs`, minutes first. */
export async function pruneRollups(db: Db, cutoffMs: number, limit: number): Promise<number> {
  let deleted = 0;
  for (const resolution of [MINUTE_MS, HOUR_MS] as const) {
    const ids = await history.seriesWithRollupsBefore(db, resolution, cutoffMs);
    deleted += await pruneEach(ids, limit - deleted, (id, left) => history.pruneSeriesRollups(db, resolution, id, cutoffMs, left));
    if (deleted >= limit) break;
  }
  return deleted;
}

/** Retention of the track: up to `limit` positions older than `cutoffMs`, bridge by bridge. */
export async function pruneLocations(db: Db, cutoffMs: number, limit: number): Promise<number> {
  return pruneEach(await repo.bridgesWithLocationsBefore(db, cutoffMs), limit, (id, left) => repo.pruneBridgeLocations(db, id, cutoffMs, left));
}

/** Prunes part by part until `limit` rows went or every part is done. */
async function pruneEach(ids: number[], limit: number, prune: (id: number, left: number) => Promise<number>): Promise<number> {
  let deleted = 0;
  for (const id of ids) {
    deleted += await prune(id, limit - deleted);
    if (deleted >= limit) break;
  }
  return deleted;
}

export { type Clock, systemClock } from './commands.js';

/** A property of the vessel's current bridge, with its units and current value. */
export type VesselProperty = repo.PropertyRow & { units: string; value: unknown; tsMs: number | null };

/** The properties of the vessel (its current bridge's) among `ids`, by id; others are absent. */
export async function propertiesOfVessel(db: Db, vesselId: number, ids: number[]): Promise<Map<number, VesselProperty>> {
  const bridge = await bridgeOfVessel(db, vesselId);
  const rows = bridge ? await repo.propertiesWithValues(db, bridge.id, [...new Set(ids)]) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** The ids of the devices of the vessel's current bridge. */
export async function deviceIdsOfVessel(db: Db, vesselId: number): Promise<Set<number>> {
  const bridge = await bridgeOfVessel(db, vesselId);
  return new Set(bridge ? (await repo.devicesOfBridge(db, bridge.id)).map((d) => d.id) : []);
}

/** The current values of the vessel's `environment.*` paths (wind, air, water), for its own weather. */
export async function currentEnvironment(db: Db, vesselId: number): Promise<Array<{ path: string; value: unknown; tsMs: number }>> {
  const bridge = await bridgeOfVessel(db, vesselId);
  return bridge ? repo.currentValuesLike(db, bridge.id, 'environment.%') : [];
}

/** A property's stored values between two times, oldest first (at most MAX_TRACK_POINTS, evenly thinned). */
export async function propertyHistory(
  db: Db,
  vesselId: number,
  path: string,
  fromMs: number,
  toMs: number,
): Promise<Array<{ timestamp: string; value: unknown }>> {
  const bridge = await bridgeOfVessel(db, vesselId);
  return bridge ? repo.historyOf(db, bridge.id, path, fromMs, toMs, MAX_TRACK_POINTS) : [];
}
