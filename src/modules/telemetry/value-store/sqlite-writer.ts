/**
 * The SQLite writer: prepared better-sqlite3 statements on Knex's own connection, borrowed from
 * its pool for the length of the batch — the batch cannot interleave with a Knex transaction,
 * and it runs without Knex's per-query overhead (docs/performance.md).
 *
 * A batch moves each series' current value forward and writes its samples as one row per bridge
 * in `value_batches`, which the rollup job folds into per-series rows later (docs/decisions.md,
 * "History as a batch writes it"): a commit writes a few pages, not one per series it touched
 * (docs/performance.md, "Single-connection ingest", eleventh round).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../../../db/knex.js';
import {
  type BatchSeries,
  batchRowsOf,
  type IngestItem,
  type IngestValue,
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
  history: 'INSERT INTO value_batches (bridge_id, from_ms, to_ms, count, samples) VALUES (?, ?, ?, ?, ?)',
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

function ringOf(s: Omit<Statements, 'batch'>, bridgeId: number): Buffer | undefined {
  return (s.ring.get(bridgeId) as { slots: Buffer } | undefined)?.slots;
}

function batchWriter(conn: BetterSqlite3.Database, s: Omit<Statements, 'batch'>): Statements['batch'] {
  return conn.transaction((items: IngestItem[], ids: BatchSeries, sightings: BridgeSighting[]) => {
    const history = new Map<number, Array<{ seriesId: number; samples: IngestValue[] }>>();
    for (const { bridgeId, path, newest, samples } of seriesOf(items)) {
      let seriesId = ids.find(bridgeId, path);
      if (seriesId === undefined) {
        seriesId = (s.create.get(bridgeId, path, newest.json, newest.tsMs, newest.source) as { id: number }).id;
        ids.remember(bridgeId, path, seriesId);
      } else {
        s.advance.run(newest.json, newest.tsMs, newest.source, seriesId, newest.tsMs);
      }
      const ofBridge = history.get(bridgeId);
      if (ofBridge) ofBridge.push({ seriesId, samples });
      else history.set(bridgeId, [{ seriesId, samples }]);
    }
    for (const [bridgeId, series] of history) for (const row of batchRowsOf(series)) s.history.run(bridgeId, row.fromMs, row.toMs, row.count, row.samples);
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
  private readonly sources = new SourcesWritten();

  constructor(private readonly db: Database) {
    this.series = new SeriesIds(db);
  }

  async commit(items: IngestItem[]): Promise<void> {
    const ids = await this.series.forBatch(items);
    const sightings = this.sources.due(items);
    await this.withConnection((_conn, s) => s.batch(items, ids, sightings));
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
        statements = { ...prepared, batch: batchWriter(conn, prepared) };
        this.prepared.set(conn, statements);
      }
      return work(conn, statements);
    } finally {
      await this.db.client.releaseConnection(conn);
    }
  }
}
