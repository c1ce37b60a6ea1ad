/**
 * History for charts (docs/performance.md, "History for charts"; issue 19, item 3). Stores 30 days
 * of one property sampled at 1 Hz (2.6 M samples) as raw history rows — one sample a row, as an
 * idle server's group commit writes a 1 Hz property, or `--chunk N` samples a row as a busy one
 * does — hour by hour, running the real rollup job after each hour and, once the first day is
 * stored and measured as ingested, the real compaction; then times the downsampled query of the
 * whole range against reading the same range's raw samples through the server's reader, in the
 * same run, and measures the bytes on disk per stored sample as ingested and after compaction
 * (the history tables with their indexes: SQLite's dbstat plus the file's free pages,
 * PostgreSQL's pg_total_relation_size after VACUUM).
 *
 *   npx tsx bench/history.ts [--days 30] [--buckets 1000] [--chunk 1] [--postgres URL]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { seedReferenceData } from '../fixtures/reference.js';
import { loadDemoData } from '../fixtures/demo.js';
import { loadDemoBridges } from '../fixtures/bridges.js';
import { createDatabase, type Database, dialect } from '../src/db/knex.js';
import { migrateLatest } from '../src/db/migrate.js';
import { createLogger } from '../src/platform/logger.js';
import { type Aggregate, addSample, bucketWidth } from '../src/modules/telemetry/buckets.js';
import { historyBuckets } from '../src/modules/telemetry/history.js';
import { visitSamples } from '../src/modules/telemetry/history-repository.js';
import { Compaction, COMPACTION_AFTER_MS } from '../src/modules/telemetry/compaction.js';
import { Rollups } from '../src/modules/telemetry/rollups.js';
import { readFlags } from './flags.js';
import { ratioText, resultTable, type ResultRow } from './table.js';

const USAGE = 'usage: npx tsx bench/history.ts [--days 30] [--buckets 1000] [--chunk 1] [--postgres URL]';
const flags = readFlags(USAGE, { days: '30', buckets: '1000', chunk: '1', postgres: undefined });
const days = flags.whole('days', 1, 400);
const buckets = flags.whole('buckets', 2, 2000);
const chunk = flags.whole('chunk', 1, 3600);
const postgresUrl = flags.text('postgres');
const COMMAND = `npx tsx bench/history.ts${postgresUrl ? ' --postgres …' : ''}${chunk === 1 ? '' : ` --chunk ${chunk}`}`;
const PATH = 'environment.inside.temperature';
const HOUR_MS = 3_600_000;

/** A fresh database: a SQLite file in a temporary directory, or a new database on the PostgreSQL server. */
async function freshDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (postgresUrl) {
    const name = `vl_bench_history_${randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: postgresUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const db = createDatabase(url.toString());
    return {
      db,
      drop: async () => {
        await db.destroy();
        await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.destroy();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'vessel-link-history-'));
  const db = createDatabase(join(dir, 'history.db'));
  return {
    db,
    drop: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const { db, drop } = await freshDatabase();
const postgres = dialect(db) === 'postgres';
await migrateLatest(db);
await db.transaction(seedReferenceData);
await loadDemoData(db);
await loadDemoBridges(db, 'history-bench-secret-history-bench-0123456789');
const [{ id: bridgeId }] = await db('bridges').select('id').limit(1);
const endMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
const startMs = endMs - days * 24 * HOUR_MS;
const samples = days * 86_400;
const [{ id: seriesId }] = await db('value_series').insert({ bridge_id: bridgeId, path: PATH, value: '20', ts_ms: endMs, source: 'bench.0' }).returning('id');

/** Noise in [0, 1) without a pattern for compression to find, as a sensor's: MurmurHash3's finaliser of the sample's number. */
function noise(i: number): number {
  let h = i ^ (i >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}
/** A cabin temperature: a daily swing, a slow drift and sensor noise, two decimals as sensors send it. */
const valueAt = (i: number) => Math.round((20 + 3 * Math.sin((i / 86_400) * 2 * Math.PI) + Math.sin(i / 5000) + noise(i) * 0.2) * 100) / 100;
/** The sample's time: once a second, give or take what the bridge's clock and the bus add (up to 20 ms). */
const timeAt = (i: number) => startMs + i * 1000 + Math.floor(noise(i + 7) * 20);

/** The raw rows of samples [from, to), `chunk` samples each, written with bulk inserts (no JSON.stringify per sample). */
function* rows(from: number, to: number): Generator<[number, number, number, number, string]> {
  for (let i = from; i < to; i += chunk) {
    const n = Math.min(chunk, to - i);
    let text = '[';
    for (let k = 0; k < n; k++) text += `${k ? ',' : ''}[${timeAt(i + k)},${valueAt(i + k)}]`;
    yield [seriesId, timeAt(i), timeAt(i + n - 1), n, `${text}]`];
  }
}

/** Stores samples [from, to) as raw history rows. */
async function insertRows(from: number, to: number): Promise<void> {
  if (postgres) {
    let batch: Array<[number, number, number, number, string]> = [];
    const flush = async () => {
      // One array per column: a bound array is a PostgreSQL array parameter.
      const columns = [0, 1, 2, 3, 4].map((c) => batch.map((r) => r[c])) as unknown as Knex.Value[];
      await db.raw(
        'INSERT INTO value_history (series_id, from_ms, to_ms, count, samples) SELECT * FROM unnest(?::int[], ?::bigint[], ?::bigint[], ?::int[], ?::text[])',
        columns,
      );
      batch = [];
    };
    for (const row of rows(from, to)) {
      batch.push(row);
      if (batch.length === 20_000) await flush();
    }
    if (batch.length) await flush();
    return;
  }
  const conn = (await db.client.acquireConnection()) as import('better-sqlite3').Database;
  const insert = conn.prepare('INSERT INTO value_history (series_id, from_ms, to_ms, count, samples) VALUES (?, ?, ?, ?, ?)');
  conn.transaction(() => {
    for (const r of rows(from, to)) insert.run(...r);
  })();
  await db.client.releaseConnection(conn);
}

/** Bytes of tables with their indexes (on PostgreSQL with their TOAST, after the VACUUM autovacuum would do; on SQLite with the file's free pages). */
async function tableBytes(...tables: string[]): Promise<number> {
  let bytes = 0;
  for (const table of tables) {
    if (postgres) {
      await db.raw(`VACUUM ANALYZE ${table}`);
      const { rows: r } = (await db.raw('SELECT pg_total_relation_size(?) AS bytes', [table])) as { rows: Array<{ bytes: string }> };
      bytes += Number(r[0].bytes);
    } else {
      await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
      const [row] = (await db.raw(
        "SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = ? AND type IN ('table', 'index'))",
        [table],
      )) as Array<{ bytes: number }>;
      bytes += Number(row.bytes);
    }
  }
  return bytes;
}

/** SQLite's free pages: what deleted rows left in the file, which new rows take before it grows. */
async function freeBytes(): Promise<number> {
  if (postgres) return 0;
  const [[{ freelist_count: pages }], [{ page_size: size }]] = [await db.raw('PRAGMA freelist_count'), await db.raw('PRAGMA page_size')] as Array<
    Array<Record<string, number>>
  >;
  return pages * size;
}

// Hour by hour, as the server runs: the hour's samples stored, the rollup job as the server runs
// it (on a clock that moves its horizon along), then the compaction on the simulated clock, ten
// minutes after the hour. The first day stays raw until it is measured as ingested.
let clockMs = Date.now();
const rollups = new Rollups(db, createLogger('silent'), () => clockMs);
let simulatedMs = startMs;
const compaction = new Compaction(db, createLogger('silent'), () => simulatedMs);
let insertSeconds = 0;
let rollupSeconds = 0;
let compactionSeconds = 0;
let rawBytes = 0;
for (let hour = 0; hour < days * 24; hour++) {
  let t0 = performance.now();
  await insertRows(hour * 3600, (hour + 1) * 3600);
  insertSeconds += (performance.now() - t0) / 1000;
  t0 = performance.now();
  for (let pass = 0; pass < 3; pass++) {
    clockMs += 10_000;
    await rollups.run();
  }
  rollupSeconds += (performance.now() - t0) / 1000;
  if (hour === 23) rawBytes = await tableBytes('value_history');
  if (hour < 23) continue;
  simulatedMs = startMs + (hour + 1) * HOUR_MS + COMPACTION_AFTER_MS;
  t0 = performance.now();
  await compaction.run();
  compactionSeconds += (performance.now() - t0) / 1000;
  // What autovacuum does on PostgreSQL: the deleted rows' room is taken again by the next ones.
  if (postgres) await db.raw('VACUUM value_history');
}
console.log(
  `${samples.toLocaleString('en-GB')} samples over ${days} days in ${Math.ceil(samples / chunk).toLocaleString('en-GB')} rows, inserted in ${insertSeconds.toFixed(1)} s`,
);
const rollupBytes = await tableBytes('value_rollup_minute', 'value_rollup_hour');
console.log(
  `rollups built in ${rollupSeconds.toFixed(1)} s (${Math.round(samples / rollupSeconds).toLocaleString('en-GB')} samples/s); ${(rollupBytes / 1e6).toFixed(1)} MB`,
);
const compactedBytes = (await tableBytes('value_history', 'value_history_hours')) + (await freeBytes());
const [{ rows: rawLeft }] = await db('value_history').count({ rows: '*' });
console.log(
  `compacted in ${compactionSeconds.toFixed(1)} s (${Math.round(samples / compactionSeconds).toLocaleString('en-GB')} samples/s); ${Number(rawLeft)} raw rows left; ${(compactedBytes / 1e6).toFixed(1)} MB${postgres ? '' : `, of which ${((await freeBytes()) / 1e6).toFixed(1)} MB free pages`}`,
);

/** Median of `runs` timings of `work`, in ms. */
async function timed(work: () => Promise<unknown>, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

/** What the server would do without rollups: read every raw sample of the range into the same buckets. */
async function rawBuckets(fromMs: number, toMs: number): Promise<number> {
  const widthMs = bucketWidth(fromMs, toMs, buckets);
  const byStart = new Map<number, Aggregate>();
  await visitSamples(db, seriesId, fromMs, toMs, (tsMs, value) => addSample(byStart, tsMs - (tsMs % widthMs), tsMs, value));
  return byStart.size;
}

const ms = (v: number) => `${v.toLocaleString('en-GB', { maximumFractionDigits: 1 })} ms`;
const result: ResultRow[] = [];
for (const [label, spanMs] of [
  [`${days} days`, days * 24 * HOUR_MS],
  ['7 days', 7 * 24 * HOUR_MS],
  ['1 hour', HOUR_MS],
] as const) {
  if (spanMs > days * 24 * HOUR_MS) continue;
  const fromMs = endMs - spanMs;
  const toMs = endMs - 1;
  const answered = await historyBuckets(db, bridgeId, PATH, fromMs, toMs, buckets);
  const fromRaw = await rawBuckets(fromMs, toMs);
  if (answered.length !== fromRaw) throw new Error(`${label}: ${answered.length} buckets from the rollups, ${fromRaw} from raw samples`);
  const query = await timed(() => historyBuckets(db, bridgeId, PATH, fromMs, toMs, buckets));
  const raw = await timed(() => rawBuckets(fromMs, toMs));
  const goal = spanMs > HOUR_MS;
  result.push({
    figure: `History: ${label} in ${buckets.toLocaleString('en-GB')} buckets (${answered.length} answered), ${dialect(db)}`,
    command: COMMAND,
    value: ms(query),
    baseline: `reading its raw samples ${ms(raw)}`,
    ratio: ratioText(query, raw),
    goal: goal ? '≤ 0.1× raw' : 'raw samples (buckets under a minute)',
    met: goal ? query <= 0.1 * raw : true,
  });
}
const bytesRow = (label: string, bytes: number, perSamples: number): ResultRow => ({
  figure: `History: bytes on disk per stored numeric sample, ${label} (${chunk === 1 ? 'one sample a row, idle 1 Hz ingest' : `${chunk} samples a row`}), ${dialect(db)}`,
  command: COMMAND,
  value: `${(bytes / perSamples).toFixed(1)} B`,
  baseline: '',
  ratio: '',
  goal: '≤ 32 B',
  met: bytes / perSamples <= 32,
});
result.push(bytesRow('as ingested (the first day, raw)', rawBytes, 86_400), bytesRow('after compaction', compactedBytes, samples));
console.log(`rollups add ${(rollupBytes / samples).toFixed(2)} B a raw sample (one-minute and one-hour rows)`);
console.log(resultTable(result));
await drop();
