/**
 * The telemetry module's history for charts (docs/decisions.md, "History for charts"): one-minute
 * and one-hour rollups of each series' numeric samples, the raw rows the rollup job reads in
 * insertion order, the job's place in them, and the compacted hours those rows end up in
 * ("Compacted history").
 */
import type { Knex } from 'knex';
import { type Database, deleteSome, dialect } from '../../db/knex.js';
import { type Aggregate, HOUR_MS, MINUTE_MS } from './buckets.js';
import { packSamples, type Sample, type SampleColumns, unpackColumns, unpackSamples } from './sample-codec.js';
import { chunked, jsonOf, MAX_CHUNK_SPAN_MS } from './value-store/index.js';

type Db = Database | Knex.Transaction;

export const ROLLUP_TABLES = { [MINUTE_MS]: 'value_rollup_minute', [HOUR_MS]: 'value_rollup_hour' } as const;
export type RollupResolution = keyof typeof ROLLUP_TABLES;

/** The order rows were inserted in: SQLite's rowid, the id column on PostgreSQL. */
const seqOf = (db: Db) => (dialect(db as Database) === 'postgres' ? 'id' : 'rowid');

/** The id of a bridge's series of `path`, undefined before its first value. */
export async function seriesIdOf(db: Db, bridgeId: number, path: string): Promise<number | undefined> {
  return (await db('value_series').where({ bridge_id: bridgeId, path }).first('id'))?.id;
}

export interface RollupState {
  cursor: number;
  horizon: number;
  horizonMs: number;
  rolledMs: number;
}

/** The job's state; `lock` holds its row until the transaction ends (PostgreSQL; SQLite has one writer). */
export async function rollupState(db: Db, options: { lock?: boolean } = {}): Promise<RollupState> {
  const query = db('value_rollup_state').where({ id: 1 }).first();
  if (options.lock && dialect(db as Database) === 'postgres') query.forUpdate();
  const row = await query;
  return { cursor: Number(row.cursor), horizon: Number(row.horizon), horizonMs: Number(row.horizon_ms), rolledMs: Number(row.rolled_ms) };
}

export async function saveRollupState(db: Db, state: Partial<RollupState>): Promise<void> {
  const columns = { cursor: state.cursor, horizon: state.horizon, horizon_ms: state.horizonMs, rolled_ms: state.rolledMs };
  await db('value_rollup_state')
    .where({ id: 1 })
    .update(Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)));
}

/** The newest raw row's place in insertion order (0 when there is none). */
export async function newestHistorySeq(db: Db): Promise<number> {
  const row = await db('value_history')
    .max({ seq: seqOf(db) })
    .first();
  return Number(row?.seq ?? 0);
}

export interface HistoryRow {
  seq: number;
  seriesId: number;
  samples: Sample[];
}

/** Up to `limit` raw rows after `cursor` and at most `upTo`, in insertion order. */
export async function historyRowsAfter(db: Db, cursor: number, upTo: number, limit: number): Promise<HistoryRow[]> {
  const seq = seqOf(db);
  const rows: Array<{ seq: number | string; series_id: number; samples: string }> = await db('value_history')
    .where(seq, '>', cursor)
    .where(seq, '<=', upTo)
    .orderBy(seq)
    .limit(limit)
    .select({ seq }, 'series_id', 'samples');
  return rows.map((r) => ({ seq: Number(r.seq), seriesId: r.series_id, samples: JSON.parse(r.samples) }));
}

/** Adds aggregates to the rollup rows of their periods (inserting the rows a period does not have yet). */
export async function addToRollups(
  trx: Knex.Transaction,
  resolution: RollupResolution,
  rows: Array<{ seriesId: number; periodMs: number } & Aggregate>,
): Promise<void> {
  const table = ROLLUP_TABLES[resolution];
  const [least, greatest] = dialect(trx as unknown as Database) === 'postgres' ? ['LEAST', 'GREATEST'] : ['MIN', 'MAX'];
  for (let i = 0; i < rows.length; i += 500) {
    await trx(table)
      .insert(
        rows.slice(i, i + 500).map((r) => ({
          series_id: r.seriesId,
          bucket_ms: r.periodMs,
          min_value: r.min,
          max_value: r.max,
          sum_value: r.sum,
          sample_count: r.count,
          last_value: r.last,
          last_ms: r.lastMs,
        })),
      )
      .onConflict(['series_id', 'bucket_ms'])
      .merge({
        min_value: trx.raw(`${least}(${table}.min_value, excluded.min_value)`),
        max_value: trx.raw(`${greatest}(${table}.max_value, excluded.max_value)`),
        sum_value: trx.raw(`${table}.sum_value + excluded.sum_value`),
        sample_count: trx.raw(`${table}.sample_count + excluded.sample_count`),
        last_value: trx.raw(`CASE WHEN excluded.last_ms >= ${table}.last_ms THEN excluded.last_value ELSE ${table}.last_value END`),
        last_ms: trx.raw(`${greatest}(${table}.last_ms, excluded.last_ms)`),
      });
  }
}

/**
 * A series' rollup rows in [fromMs, toMs) summed per bucket of `widthMs` (a multiple of the
 * rollup's resolution), by bucket start; the bucket's last value is its newest row's, looked up by
 * primary key. PostgreSQL is told the range for that lookup too, else it hashes every row of the
 * series; SQLite, told it, scans the range for each bucket instead.
 */
export async function rollupBuckets(
  db: Db,
  resolution: RollupResolution,
  seriesId: number,
  fromMs: number,
  toMs: number,
  widthMs: number,
): Promise<Map<number, Aggregate>> {
  if (!Number.isSafeInteger(widthMs) || widthMs <= 0) throw new Error(`bad bucket width ${widthMs}`);
  const table = ROLLUP_TABLES[resolution];
  const postgres = dialect(db as Database) === 'postgres';
  const { rows } = normalised(
    await db.raw(
      `SELECT g.b, g.mn, g.mx, g.sm, g.n, l.last_value, l.last_ms
       FROM (SELECT bucket_ms / ${widthMs} AS b, MIN(min_value) AS mn, MAX(max_value) AS mx, SUM(sum_value) AS sm,
               SUM(sample_count) AS n, MAX(bucket_ms) AS newest
             FROM ${table} WHERE series_id = ? AND bucket_ms >= ? AND bucket_ms < ?
             GROUP BY bucket_ms / ${widthMs}) g
       JOIN ${table} l ON l.series_id = ? AND l.bucket_ms = g.newest${postgres ? ' AND l.bucket_ms >= ? AND l.bucket_ms < ?' : ''}`,
      postgres ? [seriesId, fromMs, toMs, seriesId, fromMs, toMs] : [seriesId, fromMs, toMs, seriesId],
    ),
  );
  return new Map(
    rows.map((r) => [
      Number(r.b) * widthMs,
      { min: Number(r.mn), max: Number(r.mx), sum: Number(r.sm), count: Number(r.n), last: Number(r.last_value), lastMs: Number(r.last_ms) },
    ]),
  );
}

type BucketRow = { b: number | string; mn: number; mx: number; sm: number; n: number | string; last_value: number; last_ms: number | string };

/** knex.raw answers an array on SQLite and a result with `rows` on PostgreSQL. */
const normalised = (result: unknown): { rows: BucketRow[] } => (Array.isArray(result) ? { rows: result as BucketRow[] } : (result as { rows: BucketRow[] }));

/** A series' raw samples in [fromMs, toMs], each passed to `visit` (in no particular order). */
export async function visitSamples(db: Db, seriesId: number, fromMs: number, toMs: number, visit: (tsMs: number, value: unknown) => void): Promise<void> {
  for (const chunk of await storedChunks(db, seriesId, fromMs - MAX_CHUNK_SPAN_MS, toMs + 1, fromMs)) {
    for (const [tsMs, value] of samplesOf(chunk)) if (tsMs >= fromMs && tsMs <= toMs) visit(tsMs, value);
  }
}

/** The series with a rollup row of this resolution older than `cutoffMs`, each found along the primary key. */
export async function seriesWithRollupsBefore(db: Db, resolution: RollupResolution, cutoffMs: number): Promise<number[]> {
  return seriesWithOldest(db, [{ table: ROLLUP_TABLES[resolution], column: 'bucket_ms', before: cutoffMs }]);
}

/**
 * The series whose oldest row in one of `tables` (by `column`) is before its bound: one statement
 * that seeks each series' oldest row along the index that leads with the series, so that a pass
 * over old rows touches only the series that have some.
 */
export async function seriesWithOldest(db: Db, tables: Array<{ table: string; column: string; before: number }>): Promise<number[]> {
  const query = db('value_series as s').select('s.id');
  for (const { table, column, before } of tables) query.orWhereRaw(`(select min(o.${column}) from ${table} o where o.series_id = s.id) < ?`, [before]);
  return (await query).map((r: { id: number }) => r.id);
}

/**
 * A stored piece of a series' history: a raw row (JSON text), a compacted hour (packed), or the
 * series' samples of a batch row not yet folded (already read out of the row).
 */
export interface StoredChunk {
  fromMs: number;
  count: number;
  samples: string | Uint8Array | Sample[];
}

/**
 * A series' raw rows, compacted hours and batch rows not yet folded (the series' samples of them)
 * that start in [startMs, endMs) and hold a sample at or after `notBeforeMs`, by start. A raw or
 * batch row starts at its first sample, at most MAX_CHUNK_SPAN_MS before its last; a compacted
 * hour starts at its hour, which holds all its samples. One statement, so a compaction or a fold
 * committing meanwhile shows its samples once: in one table or the other.
 */
export async function storedChunks(db: Db, seriesId: number, startMs: number, endMs: number, notBeforeMs: number): Promise<StoredChunk[]> {
  const raw = db('value_history')
    .where({ series_id: seriesId })
    .where('from_ms', '>=', startMs)
    .where('from_ms', '<', endMs)
    .where('to_ms', '>=', notBeforeMs)
    .select({ start_ms: 'from_ms', count: 'count', text: 'samples' }, db.raw('NULL AS packed'), db.raw('0 AS batch'));
  const hours = db('value_history_hours')
    .where({ series_id: seriesId })
    .where('hour_ms', '>=', startMs)
    .where('hour_ms', '<', endMs)
    .where('hour_ms', '>', notBeforeMs - HOUR_MS)
    .select({ start_ms: 'hour_ms', count: 'count' }, db.raw('NULL AS text'), { packed: 'samples' }, db.raw('0 AS batch'));
  const batches = db('value_batches')
    .where('bridge_id', db('value_series').where('id', seriesId).select('bridge_id'))
    .where('from_ms', '>=', startMs)
    .where('from_ms', '<', endMs)
    .where('to_ms', '>=', notBeforeMs)
    .select({ start_ms: 'from_ms', count: 'count', text: 'samples' }, db.raw('NULL AS packed'), db.raw('1 AS batch'));
  const rows: Array<{ start_ms: number | string; count: number; text: string | null; packed: Uint8Array | null; batch: number | string }> = await raw.unionAll([
    hours,
    batches,
  ]);
  const chunks: StoredChunk[] = [];
  for (const r of rows) {
    if (Number(r.batch) === 0) {
      chunks.push({ fromMs: Number(r.start_ms), count: r.count, samples: r.text ?? r.packed! });
      continue;
    }
    const samples = seriesSamplesOf(r.text!, seriesId);
    if (samples.length) chunks.push({ fromMs: samples.reduce((min, [ts]) => Math.min(min, ts), Infinity), count: samples.length, samples });
  }
  return chunks.sort((a, b) => a.fromMs - b.fromMs);
}

/** One series' samples of a batch row (`[[seriesId, tsMs, value], ...]`). */
function seriesSamplesOf(text: string, seriesId: number): Sample[] {
  const samples: Sample[] = [];
  for (const [id, tsMs, value] of JSON.parse(text) as Array<[number, number, unknown]>) if (id === seriesId) samples.push([tsMs, value] as Sample);
  return samples;
}

/** A chunk's samples, whichever table it is from. */
export const samplesOf = (chunk: Pick<StoredChunk, 'samples'>): Sample[] =>
  Array.isArray(chunk.samples) ? chunk.samples : typeof chunk.samples === 'string' ? JSON.parse(chunk.samples) : unpackSamples(chunk.samples);

/** samplesOf as columns (a compacted hour unpacked straight into them). */
export function columnsOf(chunk: Pick<StoredChunk, 'samples'>): SampleColumns {
  if (chunk.samples instanceof Uint8Array) return unpackColumns(chunk.samples);
  const samples = samplesOf(chunk);
  return { times: samples.map(([ts]) => ts), values: samples.map(([, value]) => value) };
}

/**
 * Samples a folded raw row holds at most (besides spanning at most MAX_CHUNK_SPAN_MS): rows stay
 * small, so that a rollup transaction of ROLLUP_BATCH rows is short whatever the bridges sent.
 */
export const FOLDED_ROW_SAMPLES = 32;

/** The newest batch row's number (0 when there is none): a pass folds up to it, however busy ingest stays. */
export async function newestBatchSeq(db: Db): Promise<number> {
  return Number((await db('value_batches').max({ seq: 'seq' }).first())?.seq ?? 0);
}

/**
 * Folds batch rows up to `upToSeq`, oldest first and up to about `samples` samples (one row at least), into
 * per-series raw rows of value_history (each series' samples in time order, split by
 * FOLDED_ROW_SAMPLES and MAX_CHUNK_SPAN_MS) and deletes them; answers how many samples it folded
 * (0 once there is nothing left). Samples of series deleted meanwhile go with their row.
 */
export async function foldBatches(trx: Knex.Transaction, samples: number, upToSeq = Number.MAX_SAFE_INTEGER): Promise<number> {
  // The rows to take, by their sample counts, before any of their text is read.
  const heads: Array<{ seq: number | string; count: number }> = await trx('value_batches')
    .where('seq', '<=', upToSeq)
    .orderBy('seq')
    .limit(1000)
    .select('seq', 'count');
  if (!heads.length) return 0;
  let taken = 0;
  let last = 0;
  while (last < heads.length && (last === 0 || taken + heads[last].count <= samples)) taken += heads[last++].count;
  const seqs = heads.slice(0, last).map((h) => Number(h.seq));
  const rows: Array<{ samples: string }> = await trx('value_batches').whereIn('seq', seqs).orderBy('seq').select('samples');
  const bySeries = new Map<number, Sample[]>();
  for (const row of rows)
    for (const [seriesId, tsMs, value] of JSON.parse(row.samples) as Array<[number, number, unknown]>) {
      const samples = bySeries.get(seriesId);
      if (samples) samples.push([tsMs, value] as Sample);
      else bySeries.set(seriesId, [[tsMs, value] as Sample]);
    }
  const ids = [...bySeries.keys()];
  const live = new Set<number>();
  for (let i = 0; i < ids.length; i += 500)
    for (const id of await trx('value_series')
      .whereIn('id', ids.slice(i, i + 500))
      .pluck('id'))
      live.add(Number(id));
  const inserts: Array<{ series_id: number; from_ms: number; to_ms: number; count: number; samples: string }> = [];
  for (const [seriesId, samples] of bySeries) {
    if (!live.has(seriesId)) continue;
    const chunks = chunked(
      samples,
      ([tsMs]) => tsMs,
      ([tsMs, value]) => `[${tsMs},${jsonOf(value)}]`,
      FOLDED_ROW_SAMPLES,
    );
    for (const c of chunks) inserts.push({ series_id: seriesId, from_ms: c.fromMs, to_ms: c.toMs, count: c.count, samples: c.samples });
  }
  for (let i = 0; i < inserts.length; i += 200) await trx('value_history').insert(inserts.slice(i, i + 200));
  await trx('value_batches').whereIn('seq', seqs).del();
  return taken;
}

/** The series with a raw row that starts before `beforeMs`: one statement, each series' oldest row sought along its index. */
export async function seriesWithRawRowsBefore(db: Db, beforeMs: number): Promise<number[]> {
  return seriesWithOldest(db, [{ table: 'value_history', column: 'from_ms', before: beforeMs }]);
}

/**
 * Up to `limit` raw rows of a series that the rollup job has read (up to `upToSeq`) and whose
 * samples all lie before `beforeMs`, by time (along the index that leads with the series).
 */
export async function rolledUpRows(db: Db, seriesId: number, beforeMs: number, upToSeq: number, limit: number): Promise<HistoryRow[]> {
  const seq = seqOf(db);
  const rows: Array<{ seq: number | string; samples: string }> = await db('value_history')
    .where({ series_id: seriesId })
    .where('from_ms', '<', beforeMs)
    .where('to_ms', '<', beforeMs)
    .where(seq, '<=', upToSeq)
    .orderBy('from_ms')
    .limit(limit)
    .select({ seq }, 'samples');
  return rows.map((r) => ({ seq: Number(r.seq), seriesId, samples: JSON.parse(r.samples) }));
}

/** Adds samples to a series' compacted hour (all of them within it), creating the hour if it has none yet. */
export async function addToHour(trx: Knex.Transaction, seriesId: number, hourMs: number, samples: Sample[]): Promise<void> {
  const stored: { samples: Uint8Array } | undefined = await trx('value_history_hours').where({ series_id: seriesId, hour_ms: hourMs }).first('samples');
  const all = stored ? [...unpackSamples(stored.samples), ...samples] : samples;
  await trx('value_history_hours')
    .insert({ series_id: seriesId, hour_ms: hourMs, count: all.length, samples: packSamples(all) })
    .onConflict(['series_id', 'hour_ms'])
    .merge(['count', 'samples']);
}

/** Deletes raw rows by their place in insertion order. */
export async function deleteRawRows(trx: Knex.Transaction, seqs: number[]): Promise<void> {
  const seq = seqOf(trx);
  for (let i = 0; i < seqs.length; i += 500)
    await trx('value_history')
      .whereIn(seq, seqs.slice(i, i + 500))
      .del();
}

/** Removes up to `limit` compacted hours of one series that end by `cutoffMs`. */
export async function pruneSeriesHours(db: Db, seriesId: number, cutoffMs: number, limit: number): Promise<number> {
  return deleteSome(db, 'value_history_hours', (q) => q.where('series_id', seriesId).where('hour_ms', '<=', cutoffMs - HOUR_MS), limit);
}

/** Removes up to `limit` rollup rows older than `cutoffMs` from one series (the primary key leads with the series). */
export async function pruneSeriesRollups(db: Db, resolution: RollupResolution, seriesId: number, cutoffMs: number, limit: number): Promise<number> {
  const table = ROLLUP_TABLES[resolution];
  if (dialect(db as Database) === 'postgres') return deleteSome(db, table, (q) => q.where('series_id', seriesId).where('bucket_ms', '<', cutoffMs), limit);
  // A WITHOUT ROWID table has no rowid to delete by: its primary key is the address.
  const chosen = db(table).select('bucket_ms').where('series_id', seriesId).where('bucket_ms', '<', cutoffMs).orderBy('bucket_ms').limit(limit);
  return Number(await db(table).where('series_id', seriesId).whereIn('bucket_ms', chosen).del());
}

/**
 * The times a series' stored history lies between, or null when it has none: from its first raw
 * row or compacted hour (or the bridge's first batch not yet folded) to at most MAX_CHUNK_SPAN_MS
 * after the last one starts. Read along the indexes, so an export learns where to read without
 * scanning a year.
 */
export async function historyExtent(db: Db, bridgeId: number, path: string): Promise<{ fromMs: number; toMs: number } | null> {
  const series = await db('value_series').where({ bridge_id: bridgeId, path }).first('id');
  if (!series) return null;
  const ends: Array<{ from?: number | string | null; to?: number | string | null } | undefined> = [
    await db('value_history').where({ series_id: series.id }).min({ from: 'from_ms' }).max({ to: 'from_ms' }).first(),
    await db('value_history_hours').where({ series_id: series.id }).min({ from: 'hour_ms' }).max({ to: 'hour_ms' }).first(),
    await db('value_batches').where({ bridge_id: bridgeId }).min({ from: 'from_ms' }).max({ to: 'from_ms' }).first(),
  ];
  const found = ends.flatMap((e) =>
    e && e.from !== null && e.from !== undefined && e.to !== null && e.to !== undefined ? [{ from: Number(e.from), to: Number(e.to) }] : [],
  );
  if (!found.length) return null;
  return {
    fromMs: Math.min(...found.map((e) => e.from)),
    toMs: Math.max(...found.map((e) => e.to)) + Math.max(MAX_CHUNK_SPAN_MS, HOUR_MS),
  };
}
