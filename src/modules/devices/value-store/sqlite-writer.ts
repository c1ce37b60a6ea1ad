/**
 * The SQLite writer: prepared better-sqlite3 statements on Knex's own connection, borrowed from
 * its pool for the length of the batch — the batch cannot interleave with a Knex transaction,
 * and it runs without Knex's per-query overhead (docs/performance.md).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../../../db/knex.js';
import { type BatchSeries, chunksOf, type IngestItem, type Receipt, receiptsOf, SeriesIds, seriesOf, sightingsOf, type ValueStore } from './batch.js';

const SQLITE_STATEMENTS = {
  /** A new series with its first current value (or, should it exist after all, the newer value). */
  create: `INSERT INTO value_series (bridge_id, path, value, ts_ms, source) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (bridge_id, path) DO UPDATE SET value = excluded.value, ts_ms = excluded.ts_ms, source = excluded.source
    WHERE excluded.ts_ms >= value_series.ts_ms
    RETURNING id`,
  /** Moves a known series' current value forward; changes nothing when it already holds a newer one. */
  advance: 'UPDATE value_series SET value = ?, ts_ms = ?, source = ? WHERE id = ? AND ts_ms <= ?',
  history: 'INSERT INTO value_history (series_id, from_ms, to_ms, count, samples) VALUES (?, ?, ?, ?, ?)',
  location: 'INSERT INTO locations (bridge_id, ts_ms, lat, lon, speed_over_ground, course_over_ground_true, source) VALUES (?, ?, ?, ?, ?, ?, ?)',
  source: `INSERT INTO message_sources (bridge_id, uid, enabled, location_enabled, reports_position, first_seen_ms, last_seen_ms) VALUES (?, ?, 1, ?, ?, ?, ?)
    ON CONFLICT (bridge_id, uid) DO UPDATE SET last_seen_ms = max(message_sources.last_seen_ms, excluded.last_seen_ms),
      reports_position = max(message_sources.reports_position, excluded.reports_position),
      location_enabled = max(message_sources.location_enabled, excluded.location_enabled)`,
  receipt: `INSERT INTO ingest_receipts (bridge_id, slot, message_id, digest) VALUES (?, ?, ?, ?)
    ON CONFLICT (bridge_id, slot) DO UPDATE SET message_id = excluded.message_id, digest = excluded.digest`,
  hasReceipt: 'SELECT 1 FROM ingest_receipts WHERE bridge_id = ? AND slot = ? AND message_id = ? AND digest = ?',
} as const;

type Statements = { [K in keyof typeof SQLITE_STATEMENTS]: BetterSqlite3.Statement } & {
  /** One batch in one transaction (a better-sqlite3 transaction function, made once per connection). */
  batch: (items: IngestItem[], ids: BatchSeries) => void;
};

function batchWriter(conn: BetterSqlite3.Database, s: Omit<Statements, 'batch'>): Statements['batch'] {
  return conn.transaction((items: IngestItem[], ids: BatchSeries) => {
    for (const { bridgeId, path, newest, samples } of seriesOf(items)) {
      let seriesId = ids.find(bridgeId, path);
      if (seriesId === undefined) {
        seriesId = (s.create.get(bridgeId, path, newest.json, newest.tsMs, newest.source) as { id: number }).id;
        ids.remember(bridgeId, path, seriesId);
      } else {
        s.advance.run(newest.json, newest.tsMs, newest.source, seriesId, newest.tsMs);
      }
      for (const c of chunksOf(samples)) s.history.run(seriesId, c.fromMs, c.toMs, c.count, c.samples);
    }
    for (const item of items) {
      if (item.duplicate) continue;
      for (const l of item.locations) s.location.run(item.bridgeId, l.tsMs, l.lat, l.lon, l.speedOverGround, l.courseOverGroundTrue, l.source);
    }
    for (const src of sightingsOf(items))
      s.source.run(src.bridgeId, src.uid, Number(src.locationEnabled), Number(src.reportsPosition), src.lastSeenMs, src.lastSeenMs);
    for (const r of receiptsOf(items)) s.receipt.run(r.bridgeId, r.slot, r.messageId, r.digest);
  });
}

/**
 * WAL pages a commit may accumulate before it writes them back to the database file. SQLite's
 * default (1,000 pages, 4 MB) makes the hot path stop for a write-back and fsync every few
 * batches; at 40 MB a busy page is written back once for many batches (docs/performance.md).
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;

export class SqliteValueStore implements ValueStore {
  private readonly prepared = new WeakMap<BetterSqlite3.Database, Statements>();
  private readonly series: SeriesIds;

  constructor(private readonly db: Database) {
    this.series = new SeriesIds(db);
  }

  async commit(items: IngestItem[]): Promise<void> {
    const ids = await this.series.forBatch(items);
    await this.withConnection((_conn, s) => s.batch(items, ids));
    ids.commit();
  }

  hasReceipt(bridgeId: number, receipt: Receipt): Promise<boolean> {
    return this.withConnection((_conn, s) => s.hasReceipt.get(bridgeId, receipt.slot, receipt.messageId, receipt.digest) !== undefined);
  }

  forget(bridgeId: number): void {
    this.series.forget(bridgeId);
  }

  private async withConnection<R>(work: (conn: BetterSqlite3.Database, statements: Statements) => R): Promise<R> {
    const conn = (await this.db.client.acquireConnection()) as BetterSqlite3.Database;
    try {
      let statements = this.prepared.get(conn);
      if (!statements) {
        conn.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
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
