/**
 * The hot path's writer: one transaction per batch of telemetry messages (series and their
 * current values, history, locations, message sources, receipts). On SQLite it runs prepared
 * better-sqlite3 statements on Knex's own connection, borrowed from its pool for the length of
 * the batch — the batch cannot interleave with a Knex transaction, and it runs without Knex's
 * per-query overhead. On PostgreSQL it runs multi-row statements through Knex. Both keep the
 * same rules: history takes everything, in any order; a current value is replaced only by one
 * at least as new (BRIDGE.md store-and-forward).
 *
 * A series is one path of one bridge. Each batch first writes the newest value of every series
 * it carries — which creates the series a new path needs and answers the ids of those whose
 * current value moved — then the series' samples as history chunks: one row per series per
 * batch (split at an hour), so the busier the server, the fewer index entries per sample
 * (docs/performance.md).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { type Database, dialect } from '../../db/knex.js';
import { PerBridge } from './per-bridge.js';

export interface IngestValue {
  path: string;
  /** The value as JSON text, as stored. */
  json: string;
  value: unknown;
  tsMs: number;
  source: string;
}

export interface IngestLocation {
  tsMs: number;
  lat: number;
  lon: number;
  speedOverGround: number | null;
  courseOverGroundTrue: number | null;
  source: string;
}

export interface SourceSighting {
  uid: string;
  lastSeenMs: number;
  reportsPosition: boolean;
  locationEnabled: boolean;
}

/** A QoS 1 delta's identity (slot = message id modulo RECEIPT_SLOTS). */
export interface Receipt {
  slot: number;
  messageId: number;
  digest: string;
}

/** Everything one telemetry message writes. */
export interface IngestItem {
  bridgeId: number;
  values: IngestValue[];
  locations: IngestLocation[];
  sources: SourceSighting[];
  receipt: Receipt | null;
  /** A redelivery of a message already stored: nothing is written again. */
  duplicate: boolean;
  notifications: Array<{ path: string; value: unknown; timestampMs: number }>;
}

/** A value that became the current value of its path. */
export interface AdvancedValue {
  bridgeId: number;
  path: string;
  value: unknown;
  tsMs: number;
}

/** Receipts kept per bridge: far more than the messages a bridge has in flight at once. */
export const RECEIPT_SLOTS = 256;

/** A history chunk spans at most this much time, so a range query knows how far back to look. */
export const MAX_CHUNK_SPAN_MS = 3600_000;

export interface ValueStore {
  commit(items: IngestItem[]): Promise<AdvancedValue[]>;
  hasReceipt(bridgeId: number, receipt: Receipt): Promise<boolean>;
  /** A bridge was deleted: its series are gone. */
  forget(bridgeId: number): void;
}

export function createValueStore(db: Database): ValueStore {
  return dialect(db) === 'sqlite' ? new SqliteValueStore(db) : new KnexValueStore(db);
}

/** One series' share of a batch: its newest value and all its samples, in arrival order. */
interface SeriesBatch {
  bridgeId: number;
  path: string;
  newest: IngestValue;
  samples: IngestValue[];
}

function seriesOf(items: IngestItem[]): SeriesBatch[] {
  const byBridge = new Map<number, Map<string, SeriesBatch>>();
  const out: SeriesBatch[] = [];
  for (const item of items) {
    if (item.duplicate) continue;
    let paths = byBridge.get(item.bridgeId);
    if (!paths) byBridge.set(item.bridgeId, (paths = new Map()));
    for (const v of item.values) {
      const series = paths.get(v.path);
      if (!series) {
        const created = { bridgeId: item.bridgeId, path: v.path, newest: v, samples: [v] };
        paths.set(v.path, created);
        out.push(created);
        continue;
      }
      // On equal timestamps the later message wins.
      if (v.tsMs >= series.newest.tsMs) series.newest = v;
      series.samples.push(v);
    }
  }
  return out;
}

interface HistoryChunk {
  fromMs: number;
  toMs: number;
  count: number;
  /** JSON `[[tsMs, value], ...]`, oldest first. */
  samples: string;
}

/** A series' samples of one batch as history rows, each spanning at most MAX_CHUNK_SPAN_MS. */
function chunksOf(samples: IngestValue[]): HistoryChunk[] {
  let ordered = samples;
  for (let i = 1; i < samples.length; i++) {
    if (samples[i - 1].tsMs > samples[i].tsMs) {
      ordered = [...samples].sort((a, b) => a.tsMs - b.tsMs);
      break;
    }
  }
  const chunks: HistoryChunk[] = [];
  let first = ordered[0];
  let text = `[[${first.tsMs},${first.json}]`;
  let count = 1;
  for (let i = 1; i <= ordered.length; i++) {
    const sample = ordered[i];
    if (sample && sample.tsMs - first.tsMs <= MAX_CHUNK_SPAN_MS) {
      text += `,[${sample.tsMs},${sample.json}]`;
      count++;
      continue;
    }
    chunks.push({ fromMs: first.tsMs, toMs: ordered[i - 1].tsMs, count, samples: `${text}]` });
    if (!sample) break;
    first = sample;
    text = `[[${sample.tsMs},${sample.json}]`;
    count = 1;
  }
  return chunks;
}

/** One row per (bridge, source) in a batch, merging what the batch saw. */
function sightingsOf(items: IngestItem[]): Array<SourceSighting & { bridgeId: number }> {
  const merged = new Map<string, SourceSighting & { bridgeId: number }>();
  for (const item of items) {
    for (const s of item.sources) {
      const key = `${item.bridgeId}\u0000${s.uid}`;
      const seen = merged.get(key);
      if (!seen) merged.set(key, { ...s, bridgeId: item.bridgeId });
      else {
        seen.lastSeenMs = Math.max(seen.lastSeenMs, s.lastSeenMs);
        seen.reportsPosition ||= s.reportsPosition;
        seen.locationEnabled ||= s.locationEnabled;
      }
    }
  }
  return [...merged.values()];
}

/** The last receipt per (bridge, slot) in a batch. */
function receiptsOf(items: IngestItem[]): Array<Receipt & { bridgeId: number }> {
  const last = new Map<string, Receipt & { bridgeId: number }>();
  for (const item of items) if (item.receipt) last.set(`${item.bridgeId}/${item.receipt.slot}`, { ...item.receipt, bridgeId: item.bridgeId });
  return [...last.values()];
}

interface BatchSeries {
  /** The series id, once the series exists. */
  find(bridgeId: number, path: string): number | undefined;
  get(bridgeId: number, path: string): number;
  remember(bridgeId: number, path: string, id: number): void;
  commit(): void;
}

/** Each bridge's series ids by path, and those a batch creates until it is committed. */
class SeriesIds {
  private readonly ids: PerBridge<Map<string, number>>;

  constructor(db: Database) {
    this.ids = new PerBridge(async (bridgeId) => {
      const rows = await db('value_series').where({ bridge_id: bridgeId }).select('id', 'path');
      return new Map(rows.map((r: { id: number; path: string }) => [r.path, r.id]));
    });
  }

  /**
   * Loads the series of every bridge in a batch; answers a lookup usable inside the transaction,
   * which remembers the ids the batch's writes answered and keeps them once it is committed.
   */
  async forBatch(items: IngestItem[]): Promise<BatchSeries> {
    const bridges = new Map<number, Map<string, number>>();
    for (const bridgeId of new Set(items.map((i) => i.bridgeId))) bridges.set(bridgeId, await this.ids.of(bridgeId));
    const fresh = new Map<number, Map<string, number>>();
    const find = (bridgeId: number, path: string) => bridges.get(bridgeId)!.get(path) ?? fresh.get(bridgeId)?.get(path);
    return {
      find,
      get(bridgeId, path) {
        const id = find(bridgeId, path);
        if (id === undefined) throw new Error(`no series for ${path} of bridge ${bridgeId}`);
        return id;
      },
      remember(bridgeId, path, id) {
        let ids = fresh.get(bridgeId);
        if (!ids) fresh.set(bridgeId, (ids = new Map()));
        ids.set(path, id);
      },
      commit() {
        for (const [bridgeId, ids] of fresh) for (const [path, id] of ids) bridges.get(bridgeId)!.set(path, id);
      },
    };
  }

  forget(bridgeId: number): void {
    this.ids.forget(bridgeId);
  }
}

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

type Statements = { [K in keyof typeof SQLITE_STATEMENTS]: BetterSqlite3.Statement };

/**
 * WAL pages a commit may accumulate before it writes them back to the database file. SQLite's
 * default (1,000 pages, 4 MB) makes the hot path stop for a write-back and fsync every few
 * batches; at 40 MB a busy page is written back once for many batches (docs/performance.md).
 */
const WAL_AUTOCHECKPOINT_PAGES = 10_000;

class SqliteValueStore implements ValueStore {
  private readonly prepared = new WeakMap<BetterSqlite3.Database, Statements>();
  private readonly series: SeriesIds;

  constructor(private readonly db: Database) {
    this.series = new SeriesIds(db);
  }

  async commit(items: IngestItem[]): Promise<AdvancedValue[]> {
    const ids = await this.series.forBatch(items);
    const advanced = await this.withConnection((conn, s) =>
      conn.transaction(() => {
        const moved: AdvancedValue[] = [];
        for (const { bridgeId, path, newest, samples } of seriesOf(items)) {
          let seriesId = ids.find(bridgeId, path);
          let advanced: boolean;
          if (seriesId === undefined) {
            seriesId = (s.create.get(bridgeId, path, newest.json, newest.tsMs, newest.source) as { id: number }).id;
            ids.remember(bridgeId, path, seriesId);
            advanced = true;
          } else {
            advanced = s.advance.run(newest.json, newest.tsMs, newest.source, seriesId, newest.tsMs).changes > 0;
          }
          if (advanced) moved.push({ bridgeId, path, value: newest.value, tsMs: newest.tsMs });
          for (const c of chunksOf(samples)) s.history.run(seriesId, c.fromMs, c.toMs, c.count, c.samples);
        }
        for (const item of items) {
          if (item.duplicate) continue;
          for (const l of item.locations) s.location.run(item.bridgeId, l.tsMs, l.lat, l.lon, l.speedOverGround, l.courseOverGroundTrue, l.source);
        }
        for (const src of sightingsOf(items)) s.source.run(src.bridgeId, src.uid, Number(src.locationEnabled), Number(src.reportsPosition), src.lastSeenMs, src.lastSeenMs);
        for (const r of receiptsOf(items)) s.receipt.run(r.bridgeId, r.slot, r.messageId, r.digest);
        return moved;
      })(),
    );
    ids.commit();
    return advanced;
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
        statements = Object.fromEntries(Object.entries(SQLITE_STATEMENTS).map(([name, sql]) => [name, conn.prepare(sql)])) as Statements;
        this.prepared.set(conn, statements);
      }
      return work(conn, statements);
    } finally {
      await this.db.client.releaseConnection(conn);
    }
  }
}

/** Rows per multi-row statement: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

class KnexValueStore implements ValueStore {
  private readonly greatest: string;
  private readonly series: SeriesIds;

  constructor(private readonly db: Database) {
    this.greatest = dialect(db) === 'postgres' ? 'GREATEST' : 'MAX';
    this.series = new SeriesIds(db);
  }

  async commit(items: IngestItem[]): Promise<AdvancedValue[]> {
    const ids = await this.series.forBatch(items);
    const batch = seriesOf(items);
    const advanced = await this.db.transaction(async (trx) => {
      const moved = await this.writeNewest(trx, batch, ids);
      const history = batch.flatMap(({ bridgeId, path, samples }) => {
        const seriesId = ids.get(bridgeId, path);
        return chunksOf(samples).map((c) => ({ series_id: seriesId, from_ms: c.fromMs, to_ms: c.toMs, count: c.count, samples: c.samples }));
      });
      for (const rows of chunks(history)) await trx('value_history').insert(rows);
      const locations = items
        .filter((i) => !i.duplicate)
        .flatMap((i) => i.locations.map((l) => ({ bridge_id: i.bridgeId, ts_ms: l.tsMs, lat: l.lat, lon: l.lon, speed_over_ground: l.speedOverGround, course_over_ground_true: l.courseOverGroundTrue, source: l.source })));
      for (const rows of chunks(locations)) await trx('locations').insert(rows);
      await this.writeSources(trx, sightingsOf(items));
      for (const rows of chunks(receiptsOf(items))) {
        await trx('ingest_receipts')
          .insert(rows.map((r) => ({ bridge_id: r.bridgeId, slot: r.slot, message_id: r.messageId, digest: r.digest })))
          .onConflict(['bridge_id', 'slot'])
          .merge(['message_id', 'digest']);
      }
      return moved;
    });
    ids.commit();
    return advanced;
  }

  async hasReceipt(bridgeId: number, receipt: Receipt): Promise<boolean> {
    const row = await this.db('ingest_receipts').where({ bridge_id: bridgeId, slot: receipt.slot, message_id: receipt.messageId, digest: receipt.digest }).first();
    return row !== undefined;
  }

  forget(bridgeId: number): void {
    this.series.forget(bridgeId);
  }

  private async writeNewest(trx: Knex.Transaction, batch: SeriesBatch[], ids: BatchSeries): Promise<AdvancedValue[]> {
    const moved: AdvancedValue[] = [];
    for (const rows of chunks(batch)) {
      const changed: Array<{ id: number; bridge_id: number; path: string }> = await trx('value_series')
        .insert(rows.map(({ bridgeId, path, newest }) => ({ bridge_id: bridgeId, path, value: newest.json, ts_ms: newest.tsMs, source: newest.source })))
        .onConflict(['bridge_id', 'path'])
        .merge(['value', 'ts_ms', 'source'])
        .where('value_series.ts_ms', '<=', trx.raw('excluded.ts_ms'))
        .returning(['id', 'bridge_id', 'path']);
      for (const c of changed) ids.remember(c.bridge_id, c.path, c.id);
      const movedKeys = new Set(changed.map((c) => `${c.bridge_id}\u0000${c.path}`));
      for (const { bridgeId, path, newest } of rows) {
        if (movedKeys.has(`${bridgeId}\u0000${path}`)) moved.push({ bridgeId, path, value: newest.value, tsMs: newest.tsMs });
      }
    }
    return moved;
  }

  private async writeSources(trx: Knex.Transaction, sightings: Array<SourceSighting & { bridgeId: number }>): Promise<void> {
    for (const rows of chunks(sightings)) {
      await trx('message_sources')
        .insert(rows.map((s) => ({ bridge_id: s.bridgeId, uid: s.uid, enabled: true, location_enabled: s.locationEnabled, reports_position: s.reportsPosition, first_seen_ms: s.lastSeenMs, last_seen_ms: s.lastSeenMs })))
        .onConflict(['bridge_id', 'uid'])
        .merge({
          last_seen_ms: trx.raw(`${this.greatest}(message_sources.last_seen_ms, excluded.last_seen_ms)`),
          reports_position: trx.raw('message_sources.reports_position OR excluded.reports_position'),
          location_enabled: trx.raw('message_sources.location_enabled OR excluded.location_enabled'),
        });
    }
  }
}
