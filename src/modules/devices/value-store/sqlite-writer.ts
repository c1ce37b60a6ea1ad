/**
 * The SQLite writer: prepared better-sqlite3 statements on Knex's own connection, borrowed from
 * its pool for the length of the batch — the batch cannot interleave with a Knex transaction,
 * and it runs without Knex's per-query overhead (docs/performance.md).
 *
 * A series' newest history row stays open for the samples of its next batches, which are
 * appended to it in place, until it holds MAX_OPEN_SAMPLES or the rollup job reaches it. A
 * commit then writes a few small rows back instead of one index page per series it touched
 * (docs/performance.md, "Single-connection ingest").
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../../../db/knex.js';
import {
  type BatchSeries,
  chunksOf,
  type IngestItem,
  MAX_CHUNK_SPAN_MS,
  type Receipt,
  ringHolds,
  ringsOf,
  SeriesIds,
  seriesOf,
  type BridgeSighting,
  SourcesWritten,
  type ValueStore,
} from './batch.js';

const SQLITE_STATEMENTS = {
  /** A new series with its first current value (or, should it exist after all, the newer value). */
  create: `INSERT INTO value_series (bridge_id, path, value, ts_ms, source) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (bridge_id, path) DO UPDATE SET value = excluded.value, ts_ms = excluded.ts_ms, source = excluded.source
    WHERE excluded.ts_ms >= value_series.ts_ms
    RETURNING id`,
  /** Moves a known series' current value forward; changes nothing when it already holds a newer one. */
  advance: 'UPDATE value_series SET value = ?, ts_ms = ?, source = ? WHERE id = ? AND ts_ms <= ?',
  history: 'INSERT INTO value_history (series_id, from_ms, to_ms, count, samples) VALUES (?, ?, ?, ?, ?)',
  /** Adds samples (`,[ts,v],...]`) at the end of an open row: its index entry (series, from_ms) stays as it is. */
  append: `UPDATE value_history SET to_ms = ?, count = count + ?, samples = substr(samples, 1, length(samples) - 1) || ?
    WHERE rowid = ? AND series_id = ?`,
  /** The rollup job's horizon: it will read every row up to it, so those must not change any more. */
  horizon: 'SELECT horizon FROM value_rollup_state WHERE id = 1',
  location: 'INSERT INTO locations (bridge_id, ts_ms, lat, lon, speed_over_ground, course_over_ground_true, source) VALUES (?, ?, ?, ?, ?, ?, ?)',
  source: `INSERT INTO message_sources (bridge_id, uid, enabled, location_enabled, reports_position, first_seen_ms, last_seen_ms) VALUES (?, ?, 1, ?, ?, ?, ?)
    ON CONFLICT (bridge_id, uid) DO UPDATE SET last_seen_ms = max(message_sources.last_seen_ms, excluded.last_seen_ms),
      reports_position = max(message_sources.reports_position, excluded.reports_position),
      location_enabled = max(message_sources.location_enabled, excluded.location_enabled)`,
  ring: 'SELECT slots FROM ingest_receipt_rings WHERE bridge_id = ?',
  writeRing: `INSERT INTO ingest_receipt_rings (bridge_id, slots) VALUES (?, ?)
    ON CONFLICT (bridge_id) DO UPDATE SET slots = excluded.slots`,
} as const;

type Statements = { [K in keyof typeof SQLITE_STATEMENTS]: BetterSqlite3.Statement } & {
  /** One batch in one transaction (a better-sqlite3 transaction function, made once per connection). */
  batch: (items: IngestItem[], ids: BatchSeries, sightings: BridgeSighting[]) => void;
};

/**
 * Samples an open history row may gather. Each append rewrites the row, so it stays short; at 16
 * a busy series' rows need a sixteenth of the index entries, and more gained little (the open
 * rows of all series then take more pages than the index entries they save).
 */
const MAX_OPEN_SAMPLES = 16;

/** A series' newest history row, while later samples may still be appended to it. */
interface OpenRow {
  seq: number;
  fromMs: number;
  toMs: number;
  count: number;
}

/**
 * The open row of each series written since the rollup job's last horizon. Changed inside the
 * batch's transaction; if that fails they are all forgotten, and the next batches start new rows.
 */
class OpenRows {
  readonly bySeries = new Map<number, OpenRow>();
  private horizon = 0;

  /**
   * Rows up to the rollup job's horizon are closed for good: the job reads them once it passes
   * them, and a sample added later would be missing from the rollups. Read in the batch's
   * transaction, and the job's own transactions take turns with it on the one connection.
   */
  closeUpTo(horizon: number): void {
    if (horizon === this.horizon) return;
    this.horizon = horizon;
    for (const [seriesId, row] of this.bySeries) if (row.seq <= horizon) this.bySeries.delete(seriesId);
  }
}

function ringOf(s: Omit<Statements, 'batch'>, bridgeId: number): Buffer | undefined {
  return (s.ring.get(bridgeId) as { slots: Buffer } | undefined)?.slots;
}

function batchWriter(conn: BetterSqlite3.Database, s: Omit<Statements, 'batch'>, open: OpenRows): Statements['batch'] {
  return conn.transaction((items: IngestItem[], ids: BatchSeries, sightings: BridgeSighting[]) => {
    open.closeUpTo((s.horizon.get() as { horizon: number } | undefined)?.horizon ?? Infinity);
    for (const { bridgeId, path, newest, samples } of seriesOf(items)) {
      let seriesId = ids.find(bridgeId, path);
      if (seriesId === undefined) {
        seriesId = (s.create.get(bridgeId, path, newest.json, newest.tsMs, newest.source) as { id: number }).id;
        ids.remember(bridgeId, path, seriesId);
      } else {
        s.advance.run(newest.json, newest.tsMs, newest.source, seriesId, newest.tsMs);
      }
      const chunks = chunksOf(samples);
      const row = open.bySeries.get(seriesId);
      const next = chunks[0];
      // Appended only where the row stays one chunk: in time order and within MAX_CHUNK_SPAN_MS.
      if (
        row &&
        chunks.length === 1 &&
        row.count + next.count <= MAX_OPEN_SAMPLES &&
        next.fromMs >= row.toMs &&
        next.toMs - row.fromMs <= MAX_CHUNK_SPAN_MS &&
        s.append.run(next.toMs, next.count, `,${next.samples.slice(1)}`, row.seq, seriesId).changes === 1
      ) {
        row.toMs = next.toMs;
        row.count += next.count;
        continue;
      }
      for (const c of chunks) {
        const seq = Number(s.history.run(seriesId, c.fromMs, c.toMs, c.count, c.samples).lastInsertRowid);
        open.bySeries.set(seriesId, { seq, fromMs: c.fromMs, toMs: c.toMs, count: c.count });
      }
    }
    for (const item of items) {
      if (item.duplicate) continue;
      for (const l of item.locations) s.location.run(item.bridgeId, l.tsMs, l.lat, l.lon, l.speedOverGround, l.courseOverGroundTrue, l.source);
    }
    for (const src of sightings) s.source.run(src.bridgeId, src.uid, Number(src.locationEnabled), Number(src.reportsPosition), src.lastSeenMs, src.lastSeenMs);
    for (const [bridgeId, ring] of ringsOf(items, (id) => ringOf(s, id))) s.writeRing.run(bridgeId, ring);
  });
}

export class SqliteValueStore implements ValueStore {
  private readonly prepared = new WeakMap<BetterSqlite3.Database, Statements>();
  private readonly series: SeriesIds;
  private readonly open = new OpenRows();
  private readonly sources = new SourcesWritten();

  constructor(private readonly db: Database) {
    this.series = new SeriesIds(db);
  }

  async commit(items: IngestItem[]): Promise<void> {
    const ids = await this.series.forBatch(items);
    const sightings = this.sources.due(items);
    try {
      await this.withConnection((_conn, s) => s.batch(items, ids, sightings));
    } catch (err) {
      // Rolled back: what the open rows hold is no longer known.
      this.open.bySeries.clear();
      throw err;
    }
    ids.commit();
    this.sources.written(sightings);
  }

  hasReceipt(bridgeId: number, receipt: Receipt): Promise<boolean> {
    return this.withConnection((_conn, s) => ringHolds(ringOf(s, bridgeId), receipt));
  }

  forget(bridgeId: number): void {
    this.series.forget(bridgeId);
    this.sources.forget(bridgeId);
  }

  private async withConnection<R>(work: (conn: BetterSqlite3.Database, statements: Statements) => R): Promise<R> {
    const conn = (await this.db.client.acquireConnection()) as BetterSqlite3.Database;
    try {
      let statements = this.prepared.get(conn);
      if (!statements) {
        const prepared = Object.fromEntries(Object.entries(SQLITE_STATEMENTS).map(([name, sql]) => [name, conn.prepare(sql)])) as Omit<Statements, 'batch'>;
        statements = { ...prepared, batch: batchWriter(conn, prepared, this.open) };
        this.prepared.set(conn, statements);
      }
      return work(conn, statements);
    } finally {
      await this.db.client.releaseConnection(conn);
    }
  }
}
