/**
 * The telemetry module's tables, apart from the hot-path writes in value-store/: reads of
 * current values, history and locations, message sources, and retention.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { deleteSome, dialect } from '../../db/knex.js';
import { HOUR_MS } from './buckets.js';
import { columnsOf, pruneSeriesHours, samplesOf, seriesWithOldest, storedChunks } from './history-repository.js';
import type { SampleColumns } from './sample-codec.js';
import { MAX_CHUNK_SPAN_MS } from './value-store/index.js';

type Db = Database | Knex.Transaction;

export interface LocationRow {
  lat: number;
  lon: number;
  timestamp: string;
  speedOverGround?: number;
  courseOverGroundTrue?: number;
}

export interface SourceRow {
  uid: string;
  enabled: boolean;
  locationEnabled: boolean;
  reportsPosition: boolean;
  firstSeen: string;
  lastSeen: string;
}

/** A `locations` table row as read (numbers may come back as strings from some drivers). */
interface LocationTableRow {
  lat: number | string;
  lon: number | string;
  ts_ms: number | string;
  speed_over_ground: number | string | null;
  course_over_ground_true: number | string | null;
}

/** A `message_sources` table row as read. */
interface SourceTableRow {
  uid: string;
  enabled: boolean | number;
  location_enabled: boolean | number;
  reports_position: boolean | number;
  first_seen_ms: number | string;
  last_seen_ms: number | string;
}

const iso = (ms: unknown): string => new Date(Number(ms)).toISOString();

/** A series' current value, its measurement time and the source it came from. */
export interface CurrentValue {
  value: unknown;
  tsMs: number;
  source: string | null;
}

type SeriesTableRow = { path: string; value: string; ts_ms: number | string; source: string | null };
const toCurrent = (r: SeriesTableRow): [string, CurrentValue] => [r.path, { value: JSON.parse(r.value) as unknown, tsMs: Number(r.ts_ms), source: r.source }];

/** The current values of a bridge's series, by path: all of them, or those of `paths`. */
export async function currentValues(db: Db, bridgeId: number, paths?: string[]): Promise<Map<string, CurrentValue>> {
  const query = db('value_series').where({ bridge_id: bridgeId });
  if (paths) query.whereIn('path', paths);
  return new Map(((await query.select('path', 'value', 'ts_ms', 'source')) as SeriesTableRow[]).map(toCurrent));
}

/**
 * The current values that came through `bus` (their source's uid is the bus or starts with
 * `bus.`), by path. `bus` holds no LIKE wildcard (the route's schema allows letters, digits, `_`
 * and `-` only; `_` is escaped).
 */
export async function currentValuesOnBus(db: Db, bridgeId: number, bus: string): Promise<Map<string, CurrentValue>> {
  const prefix = `${bus.replace(/_/g, '\\_')}.%`;
  const rows: SeriesTableRow[] = await db('value_series')
    .where({ bridge_id: bridgeId })
    .andWhere((q) => q.where('source', bus).orWhereRaw("source LIKE ? ESCAPE '\\'", [prefix]))
    .select('path', 'value', 'ts_ms', 'source');
  return new Map(rows.map(toCurrent));
}

/** A path's current value and its measurement time (value_series), or null before its first value. */
export async function currentValue(db: Db, bridgeId: number, path: string): Promise<{ value: unknown; tsMs: number } | null> {
  const row = await db('value_series').where({ bridge_id: bridgeId, path }).first('value', 'ts_ms');
  return row && row.value !== null && row.value !== undefined ? { value: JSON.parse(row.value), tsMs: Number(row.ts_ms) } : null;
}

/** Current values of the paths matching a LIKE pattern (`propulsion.%.runTime`), with their measurement times. */
export async function currentValuesLike(db: Db, bridgeId: number, pattern: string): Promise<Array<{ path: string; value: unknown; tsMs: number }>> {
  const rows: Array<{ path: string; value: string | null; ts_ms: number | string }> = await db('value_series')
    .where({ bridge_id: bridgeId })
    .andWhere('path', 'like', pattern)
    .orderBy('path')
    .select('path', 'value', 'ts_ms');
  return rows.flatMap((r) => (r.value === null ? [] : [{ path: r.path, value: JSON.parse(r.value) as unknown, tsMs: Number(r.ts_ms) }]));
}

/**
 * At most `limit` rows of a time range, oldest first, evenly thinned when there are more, so
 * a month of one-second data still draws as a chart or a track.
 */
async function thinned<T>(db: Db, query: Knex.QueryBuilder, limit: number): Promise<T[]> {
  const counted = await query.clone().clearSelect().count<{ n: number | string }[]>({ n: '*' }).first();
  const step = Math.max(1, Math.ceil(Number(counted?.n ?? 0) / limit));
  if (step === 1) return query.orderBy('ts_ms');
  const numbered = query.clone().select(db.raw('ROW_NUMBER() OVER (ORDER BY ts_ms) AS rn'));
  return db.from(numbered.as('numbered')).whereRaw('(rn - 1) % ? = 0', [step]).orderBy('ts_ms').limit(limit);
}

/**
 * A series' samples between two times, oldest first, at most `limit`: when there are more,
 * every n-th is kept so the whole range still draws as a chart.
 */
export async function historyOf(
  db: Db,
  bridgeId: number,
  path: string,
  fromMs: number,
  toMs: number,
  limit: number,
): Promise<Array<{ timestamp: string; value: unknown }>> {
  const series = await db('value_series').where({ bridge_id: bridgeId, path }).first('id');
  if (!series) return [];
  // A chunk starts at most MAX_CHUNK_SPAN_MS before the first sample it holds.
  const chunks = await storedChunks(db, series.id, fromMs - MAX_CHUNK_SPAN_MS, toMs + 1, fromMs);
  const step = Math.max(1, Math.ceil(chunks.reduce((n, c) => n + c.count, 0) / limit));
  const kept: Array<[number, unknown]> = [];
  let seen = 0;
  for (const chunk of chunks) {
    for (const sample of samplesOf(chunk)) {
      if (sample[0] < fromMs || sample[0] > toMs || seen++ % step !== 0) continue;
      kept.push(sample);
    }
  }
  // Chunks written from buffers (store-and-forward) may overlap in time.
  kept.sort((a, b) => a[0] - b[0]);
  return kept.slice(0, limit).map(([ts, value]) => ({ timestamp: iso(ts), value }));
}

const toLocation = (r: LocationTableRow): LocationRow => ({
  lat: Number(r.lat),
  lon: Number(r.lon),
  timestamp: iso(r.ts_ms),
  ...(r.speed_over_ground === null ? {} : { speedOverGround: Number(r.speed_over_ground) }),
  ...(r.course_over_ground_true === null ? {} : { courseOverGroundTrue: Number(r.course_over_ground_true) }),
});

/** The newest position, or the newest measured before `beforeMs`. */
export async function latestLocation(db: Db, bridgeId: number, beforeMs = Infinity): Promise<LocationRow | null> {
  const query = db('locations').where({ bridge_id: bridgeId });
  if (Number.isFinite(beforeMs)) query.where('ts_ms', '<', beforeMs);
  const row = await query.orderBy('ts_ms', 'desc').first();
  return row ? toLocation(row) : null;
}

export async function locationsBetween(db: Db, bridgeId: number, fromMs: number, toMs: number, limit: number): Promise<LocationRow[]> {
  const query = db('locations').where({ bridge_id: bridgeId }).whereBetween('ts_ms', [fromMs, toMs]).select('*');
  return (await thinned<LocationTableRow>(db, query, limit)).map(toLocation);
}

const toSource = (r: SourceTableRow): SourceRow => ({
  uid: r.uid,
  enabled: Boolean(r.enabled),
  locationEnabled: Boolean(r.location_enabled),
  reportsPosition: Boolean(r.reports_position),
  firstSeen: iso(r.first_seen_ms),
  lastSeen: iso(r.last_seen_ms),
});

export async function sourcesOf(db: Db, bridgeId: number): Promise<SourceRow[]> {
  return (await db('message_sources').where({ bridge_id: bridgeId }).orderBy('uid')).map(toSource);
}

/** Sets the flag for the listed sources of a bridge; sources it never reported are ignored. */
export async function setSourceFlags(
  db: Database,
  bridgeId: number,
  flag: 'enabled' | 'location_enabled',
  changes: Array<{ uid: string; on: boolean }>,
): Promise<void> {
  await db.transaction(async (trx) => {
    for (const { uid, on } of changes)
      await trx('message_sources')
        .where({ bridge_id: bridgeId, uid })
        .update({ [flag]: on });
  });
}

/** How much time an export reads at once: a page of a few thousand rows at one-second data. */
const EXPORT_WINDOW_MS = 3600_000;

/**
 * A series' samples between two times, read one window of history chunks at a time so that an
 * export of months never holds more than an hour of data; each window's samples in time order.
 */
export async function* historySamples(db: Db, bridgeId: number, path: string, fromMs: number, toMs: number): AsyncGenerator<[number, unknown]> {
  for await (const { times, values } of historyWindows(db, bridgeId, path, fromMs, toMs)) for (let i = 0; i < times.length; i++) yield [times[i], values[i]];
}

/**
 * historySamples a window at a time, as columns in time order: for a reader of millions, which
 * would spend more on each step, and on a pair each, than on each sample; `windowMs` (an hour
 * unless said) is how much time a window reads.
 */
export async function* historyWindows(
  db: Db,
  bridgeId: number,
  path: string,
  fromMs: number,
  toMs: number,
  windowMs = EXPORT_WINDOW_MS,
): AsyncGenerator<SampleColumns> {
  const series = await db('value_series').where({ bridge_id: bridgeId, path }).first('id');
  if (!series) return;
  for (let start = fromMs - MAX_CHUNK_SPAN_MS; start <= toMs; start += windowMs) {
    const chunks = await storedChunks(db, series.id, start, Math.min(start + windowMs, toMs + 1), fromMs);
    const window: SampleColumns = { times: [], values: [] };
    let ordered = true;
    for (const chunk of chunks) {
      const { times, values } = columnsOf(chunk);
      for (let i = 0; i < times.length; i++) {
        const ts = times[i];
        if (ts < fromMs || ts > toMs) continue;
        // Chunks written from buffers (store-and-forward) may overlap in time.
        if (window.times.length && ts < window.times[window.times.length - 1]) ordered = false;
        window.times.push(ts);
        window.values.push(values[i]);
      }
    }
    if (!window.times.length) continue;
    if (!ordered) {
      const order = window.times.map((_, i) => i).sort((a, b) => window.times[a] - window.times[b]);
      yield { times: order.map((i) => window.times[i]), values: order.map((i) => window.values[i]) };
    } else yield window;
  }
}

/** Every position between two times, oldest first, read one window at a time (see historySamples). */
export async function* positions(db: Db, bridgeId: number, fromMs: number, toMs: number): AsyncGenerator<LocationRow> {
  for await (const rows of positionWindows(db, bridgeId, fromMs, toMs)) yield* rows;
}

/** positions a window at a time (see historyWindows). */
export async function* positionWindows(db: Db, bridgeId: number, fromMs: number, toMs: number): AsyncGenerator<LocationRow[]> {
  for (let start = fromMs; start <= toMs; start += EXPORT_WINDOW_MS) {
    const rows: LocationTableRow[] = await db('locations')
      .where({ bridge_id: bridgeId })
      .where('ts_ms', '>=', start)
      .where('ts_ms', '<', Math.min(start + EXPORT_WINDOW_MS, toMs + 1))
      .orderBy('ts_ms')
      .select('*');
    if (rows.length) yield rows.map(toLocation);
  }
}

/** The first and last time of the bridge's track, or null when it has none (along the (bridge_id, ts_ms) index). */
export async function trackExtent(db: Db, bridgeId: number): Promise<{ fromMs: number; toMs: number } | null> {
  const row: { from?: number | string | null; to?: number | string | null } | undefined = await db('locations')
    .where({ bridge_id: bridgeId })
    .min({ from: 'ts_ms' })
    .max({ to: 'ts_ms' })
    .first();
  return row && row.from !== null && row.from !== undefined && row.to !== null && row.to !== undefined
    ? { fromMs: Number(row.from), toMs: Number(row.to) }
    : null;
}

/**
 * Removes up to `limit` raw history rows wholly older than `cutoffMs` from one series (its index
 * leads with the series), of those the rollup job has reached (`upToSeq`, in insertion order),
 * then its compacted hours that end by then.
 */
export async function pruneSeriesHistory(db: Db, seriesId: number, cutoffMs: number, limit: number, upToSeq: number): Promise<number> {
  const seq = dialect(db as Database) === 'postgres' ? 'id' : 'rowid';
  const raw = await deleteSome(
    db,
    'value_history',
    (q) => q.where('series_id', seriesId).where('from_ms', '<', cutoffMs).where('to_ms', '<', cutoffMs).where(seq, '<=', upToSeq),
    limit,
  );
  return raw < limit ? raw + (await pruneSeriesHours(db, seriesId, cutoffMs, limit - raw)) : raw;
}

/** Removes up to `limit` positions older than `cutoffMs` of one bridge. */
export async function pruneBridgeLocations(db: Db, bridgeId: number, cutoffMs: number, limit: number): Promise<number> {
  return deleteSome(db, 'locations', (q) => q.where('bridge_id', bridgeId).where('ts_ms', '<', cutoffMs), limit);
}

/**
 * The series with a raw row starting before `cutoffMs` or a compacted hour ending by it (what
 * pruneSeriesHistory takes), so that a retention pass deletes only where there is something to delete.
 */
export async function seriesWithHistoryBefore(db: Db, cutoffMs: number): Promise<number[]> {
  return seriesWithOldest(db, [
    { table: 'value_history', column: 'from_ms', before: cutoffMs },
    { table: 'value_history_hours', column: 'hour_ms', before: cutoffMs - HOUR_MS + 1 },
  ]);
}

/** The bridges with a position older than `cutoffMs`, each found along the (bridge_id, ts_ms) index. */
export async function bridgesWithLocationsBefore(db: Db, cutoffMs: number): Promise<number[]> {
  // Every bridge that stored a position has sighted its source (same batch): this module's own list of them.
  const bridges = db('message_sources').distinct('bridge_id').as('b');
  return (await db.from(bridges).whereRaw('(select min(l.ts_ms) from locations l where l.bridge_id = b.bridge_id) < ?', [cutoffMs]).select('b.bridge_id')).map(
    (r: { bridge_id: number }) => r.bridge_id,
  );
}
