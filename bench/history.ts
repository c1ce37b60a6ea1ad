/**
 * History for charts (docs/performance.md, "History for charts"; issue 19, item 3). Stores 30 days
 * of one property sampled at 1 Hz (2.6 M samples) as raw history rows — one sample a row, as an
 * idle server's group commit writes a 1 Hz property, or `--chunk N` samples a row as a busy one
 * does — builds the rollups with the real rollup job, then times the downsampled query of the
 * whole range against reading the same range's raw samples, in the same run, and measures the
 * bytes on disk per stored sample (the history table with its index: SQLite's dbstat, PostgreSQL's
 * pg_total_relation_size).
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
import { type Aggregate, addSample, bucketWidth } from '../src/modules/devices/buckets.js';
import { historyBuckets } from '../src/modules/devices/history.js';
import { visitSamples } from '../src/modules/devices/history-repository.js';
import { Rollups } from '../src/modules/devices/rollups.js';
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

/** A cabin temperature: a daily swing, a slow drift and sensor noise, two decimals as sensors send it. */
const valueAt = (i: number) => Math.round((20 + 3 * Math.sin((i / 86_400) * 2 * Math.PI) + Math.sin(i / 5000) + ((i * 7919) % 13) / 100) * 100) / 100;

/** The raw rows, `chunk` samples each, written with bulk inserts (no JSON.stringify per sample). */
function* rows(): Generator<[number, number, number, number, string]> {
  for (let i = 0; i < samples; i += chunk) {
    const n = Math.min(chunk, samples - i);
    let text = '[';
    for (let k = 0; k < n; k++) text += `${k ? ',' : ''}[${startMs + (i + k) * 1000},${valueAt(i + k)}]`;
    yield [seriesId, startMs + i * 1000, startMs + (i + n - 1) * 1000, n, `${text}]`];
  }
}

const insertStarted = performance.now();
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
  for (const row of rows()) {
    batch.push(row);
    if (batch.length === 20_000) await flush();
  }
  if (batch.length) await flush();
} else {
  const conn = (await db.client.acquireConnection()) as import('better-sqlite3').Database;
  const insert = conn.prepare('INSERT INTO value_history (series_id, from_ms, to_ms, count, samples) VALUES (?, ?, ?, ?, ?)');
  let pending: Array<[number, number, number, number, string]> = [];
  const flush = conn.transaction((batch: typeof pending) => {
    for (const r of batch) insert.run(...r);
  });
  for (const row of rows()) {
    pending.push(row);
    if (pending.length === 100_000) {
      flush(pending);
      pending = [];
    }
  }
  flush(pending);
  await db.client.releaseConnection(conn);
  await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
}
const insertSeconds = (performance.now() - insertStarted) / 1000;
console.log(
  `${samples.toLocaleString('en-GB')} samples over ${days} days in ${Math.ceil(samples / chunk).toLocaleString('en-GB')} rows, inserted in ${insertSeconds.toFixed(1)} s`,
);

/** Bytes of a table with its indexes (and on PostgreSQL its TOAST). */
async function tableBytes(table: string): Promise<number> {
  if (postgres) {
    await db.raw(`VACUUM ANALYZE ${table}`);
    const { rows: r } = (await db.raw('SELECT pg_total_relation_size(?) AS bytes', [table])) as { rows: Array<{ bytes: string }> };
    return Number(r[0].bytes);
  }
  const [{ bytes }] = (await db.raw(
    "SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = ? AND type IN ('table', 'index'))",
    [table],
  )) as Array<{ bytes: number }>;
  return Number(bytes);
}
const rawBytes = await tableBytes('value_history');

// The rollup job as the server runs it, on a clock that moves the horizon along.
let clockMs = Date.now();
const rollups = new Rollups(db, createLogger('silent'), () => clockMs);
const rollupStarted = performance.now();
for (let pass = 0; pass < 3; pass++) {
  clockMs += 10_000;
  await rollups.run();
}
const rollupSeconds = (performance.now() - rollupStarted) / 1000;
const rollupBytes = (await tableBytes('value_rollup_minute')) + (await tableBytes('value_rollup_hour'));
console.log(
  `rollups built in ${rollupSeconds.toFixed(1)} s (${Math.round(samples / rollupSeconds).toLocaleString('en-GB')} samples/s); ${(rollupBytes / 1e6).toFixed(1)} MB`,
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
const perSample = rawBytes / samples;
result.push({
  figure: `History: bytes on disk per stored numeric sample (${chunk === 1 ? 'one sample a row, idle 1 Hz ingest' : `${chunk} samples a row`}), ${dialect(db)}`,
  command: COMMAND,
  value: `${perSample.toFixed(1)} B`,
  baseline: '',
  ratio: '',
  goal: '≤ 32 B',
  met: perSample <= 32,
});
console.log(`rollups add ${(rollupBytes / samples).toFixed(2)} B a raw sample (one-minute and one-hour rows)`);
console.log(resultTable(result));
await drop();
