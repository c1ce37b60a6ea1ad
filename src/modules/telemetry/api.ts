/**
 * What other modules may ask of the telemetry module: current values, history and where a
 * vessel is and has been, read through the vessel's current bridge; retention; what a pairing
 * leaves behind, deleted. The ingest writes through `server.plugins.telemetry.api` (the value
 * store, the message sources and the learned cadence, kept in memory).
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { bridgeOfVessel } from '../bridges/api.js';
import { reportingOf } from '../vessel/api.js';
import { HOUR_MS, MINUTE_MS } from './buckets.js';
import * as history from './history-repository.js';
import * as pairing from './pairing-repository.js';
import * as repo from './repository.js';
import type { MessageSources } from './sources.js';
import type { PropertyCadence } from './stale.js';
import type { ValueStore } from './value-store/index.js';

type Db = Database | Knex.Transaction;

export { MAX_BUCKETED_RANGE_MS, MAX_BUCKETS } from './buckets.js';
export { historyBuckets } from './history.js';
export { PerBridge } from './per-bridge.js';
export { sharedPath } from './path-names.js';
export {
  currentValue,
  currentValues,
  currentValuesOnBus,
  historyOf,
  historySamples,
  historyWindows,
  positions,
  positionWindows,
  trackExtent,
} from './repository.js';
export { historyExtent } from './history-repository.js';
export type { LocationRow } from './repository.js';
export type { SampleColumns } from './sample-codec.js';
export { DAY_MS, type HistoryAccess, rangeOf, requireHistory } from './range.js';
export { DEFAULT_SOURCE, type SourceState } from './sources.js';
export type { PropertyCadence } from './stale.js';
export { type IngestItem, jsonOf, receiptOf } from './value-store/index.js';

/** What the telemetry module keeps in memory and the ingest writes through (`server.plugins.telemetry.api`). */
export interface TelemetryApi {
  /** The hot path's writer: one transaction per batch. */
  store: ValueStore;
  /** Each bridge's message sources and their switches. */
  sources: MessageSources;
  /** Each series' usual interval between values, learned as they are stored (the stale mark). */
  cadence: PropertyCadence;
}

/**
 * A pairing ended (its bridge unlinked, or its vessel deleted): what the bridge reported under it
 * is deleted, in the caller's transaction (pairing-repository.ts). Whoever ends the pairing
 * announces it (`bridge.paired`), and every node forgets what it keeps of the bridge.
 */
export const deletePairingTelemetry = (db: Db, bridgeId: number): Promise<void> => pairing.deletePairingTelemetry(db, bridgeId);

/** Most points a location history answers; longer ranges are evenly thinned. */
const MAX_TRACK_POINTS = 5000;

/** Whether the vessel shows where it is: with GPS reporting off, no position or track is shown. */
export async function showsPosition(db: Db, vesselId: number): Promise<boolean> {
  return (await reportingOf(db, vesselId)).gpsReporting;
}

export async function currentLocation(db: Db, vesselId: number, beforeMs = Infinity): Promise<repo.LocationRow | null> {
  if (!(await showsPosition(db, vesselId))) return null;
  const bridge = await bridgeOfVessel(db, vesselId);
  return bridge ? repo.latestLocation(db, bridge.id, beforeMs) : null;
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

/** The current values of the vessel's `environment.*` paths (wind, air, water), for its own weather. */
export async function currentEnvironment(db: Db, vesselId: number): Promise<Array<{ path: string; value: unknown; tsMs: number }>> {
  const bridge = await bridgeOfVessel(db, vesselId);
  return bridge ? repo.currentValuesLike(db, bridge.id, 'environment.%') : [];
}

/** A path's stored values between two times on the vessel's current bridge, oldest first (at most MAX_TRACK_POINTS, evenly thinned). */
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
