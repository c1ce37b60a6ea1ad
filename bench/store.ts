/**
 * The value store alone: what writing the single-bridge `real` shape (bench/load.ts `realDelta`:
 * 1–3 values a delta over 200 paths from 30 sources) costs a batch and a delta, without MQTT,
 * parsing or a load generator on the same CPUs — the part of `npm run bench -- --shape real` that
 * a change to the writers moves (docs/performance.md, "Fourth round").
 *
 *   npx tsx bench/store.ts [--batch 73] [--batches 4000] [--postgres postgres://admin-url]
 *
 * A warm-up of a quarter of the batches first (the open history rows and the page cache fill);
 * then every batch is committed as the group commit does, one after the other, and timed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../tests/helpers/db.js';
import { createDatabase, insertId, nowIso, type Database } from '../src/db/knex.js';
import { migrateLatest } from '../src/db/migrate.js';
import { foldBatches } from '../src/modules/telemetry/history-repository.js';
import { FOLD_SAMPLES } from '../src/modules/telemetry/rollups.js';
import { createValueStore, type IngestItem, receiptOf } from '../src/modules/telemetry/value-store/index.js';
import { readFlags } from './flags.js';
import { realDelta } from './load.js';

const USAGE = 'usage: npx tsx bench/store.ts [--batch 73] [--batches 4000] [--postgres postgres://admin-url]';
const flags = readFlags(USAGE, { batch: '73', batches: '4000', postgres: undefined });
const batchSize = flags.whole('batch', 1, 2000);
const batches = flags.whole('batches', 10, 1_000_000);
const postgres = flags.text('postgres');

let db: Database;
let cleanup: () => Promise<void>;
if (postgres) {
  const test = await createTestDatabase('postgres', true, postgres);
  db = test.db;
  cleanup = test.drop;
} else {
  const dir = mkdtempSync(join(tmpdir(), 'vessel-link-store-'));
  db = createDatabase(join(dir, 'store.db'));
  await migrateLatest(db);
  cleanup = async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
}
const now = nowIso();
const bridgeId = await insertId(db, 'bridges', { serial: 'BR-STORE-BENCH', secret_hash: 'x', created_at: now, updated_at: now });
const store = createValueStore(db);

let n = 0;
/** Delta n as the ingest makes it an item: its values, its source seen, its receipt. */
function item(): IngestItem {
  const at = Date.now() - 3600_000 + n * 10;
  const { payload } = realDelta(n, new Date(at));
  const messageId = (n % 65535) + 1;
  n++;
  const update = (JSON.parse(payload) as { updates: Array<{ $source: string; values: Array<{ path: string; value: number }> }> }).updates[0];
  return {
    bridgeId,
    values: update.values.map((v) => ({ path: v.path, json: JSON.stringify(v.value), value: v.value, tsMs: at, source: update.$source })),
    locations: [],
    sources: [{ uid: update.$source, lastSeenMs: Date.now(), reportsPosition: false, locationEnabled: false }],
    receipt: receiptOf(messageId, Buffer.from(payload)),
    duplicate: false,
    notifications: [],
  };
}

const batch = () => Array.from({ length: batchSize }, item);
for (let i = 0; i < Math.ceil(batches / 4); i++) await store.commit(batch());
const prepared = Array.from({ length: batches }, batch);
const started = process.hrtime.bigint();
const cpuBefore = process.cpuUsage();
for (const b of prepared) await store.commit(b);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const cpu = process.cpuUsage(cpuBefore);
const deltas = batches * batchSize;
console.log(
  `${postgres ? 'PostgreSQL' : 'SQLite'}: ${batches} batches of ${batchSize} deltas: ${((ms * 1000) / batches).toFixed(0)} µs a batch, ` +
    `${((ms * 1000) / deltas).toFixed(2)} µs a delta (this process's CPU ${((cpu.user + cpu.system) / deltas).toFixed(2)} µs a delta)`,
);
// What the hot path leaves for later: the rollup job folds the batch rows into per-series rows (SQLite).
const foldStarted = process.hrtime.bigint();
const foldCpu = process.cpuUsage();
let folded = 0;
for (let n = -1; n !== 0; folded += n) n = await db.transaction((trx) => foldBatches(trx, FOLD_SAMPLES));
if (folded) {
  const foldMs = Number(process.hrtime.bigint() - foldStarted) / 1e6;
  const cpuFold = process.cpuUsage(foldCpu);
  // The warm-up's batches are folded too: per delta is per sample times the samples a delta carries.
  const perDelta = folded / ((Math.ceil(batches / 4) + batches) * batchSize);
  console.log(
    `  then folded by the rollup job: ${folded} samples in ${foldMs.toFixed(0)} ms, ${((foldMs * 1000) / folded).toFixed(2)} µs a sample, ` +
      `${((foldMs * 1000 * perDelta) / folded).toFixed(2)} µs a delta (this process's CPU ${(((cpuFold.user + cpuFold.system) * perDelta) / folded).toFixed(2)} µs a delta)`,
  );
}
await cleanup();
