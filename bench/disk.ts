/**
 * What a month of a busy vessel costs on disk (docs/operations.md, "Disk"). Writes simulated
 * hours of one bridge through the real value store (the group commit's writer: one transaction
 * per message, as on a server where this bridge's messages do not share batches), folds the
 * batch rows into per-series rows every simulated minute as the rollup job does, measures the
 * SQLite file before and after, and extrapolates to 30 days.
 *
 *   npx tsx bench/disk.ts [--hours 1] [--paths 100] [--every 1000]
 *     --paths: values per message (a busy vessel: engines, electrical, tanks, environment, navigation)
 *     --every: milliseconds between messages
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadDemoBridges } from '../fixtures/bridges.js';
import { loadDemoData } from '../fixtures/demo.js';
import { seedReferenceData } from '../fixtures/reference.js';
import { createDatabase, databaseBytes } from '../src/db/knex.js';
import { migrateLatest } from '../src/db/migrate.js';
import { foldBatches } from '../src/modules/telemetry/history-repository.js';
import { FOLD_SAMPLES, ROLLUP_EVERY_MS } from '../src/modules/telemetry/rollups.js';
import { createValueStore, type IngestItem, receiptOf } from '../src/modules/telemetry/value-store/index.js';

const { values: flags } = parseArgs({
  options: { hours: { type: 'string', default: '1' }, paths: { type: 'string', default: '100' }, every: { type: 'string', default: '1000' } },
});
const hours = Number(flags.hours);
const paths = Number(flags.paths);
const everyMs = Number(flags.every);

const dir = mkdtempSync(join(tmpdir(), 'vessel-link-disk-'));
const db = createDatabase(join(dir, 'disk.db'));
await migrateLatest(db);
await db.transaction(seedReferenceData);
await loadDemoData(db);
await loadDemoBridges(db, 'disk-bench-secret-disk-bench-secret-0123456789');
const [{ id: bridgeId }] = await db('bridges').select('id').limit(1);
const store = createValueStore(db);

const checkpoint = () => db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
/** The rollup job's first step: the batch rows written since its last pass become per-series rows. */
async function fold(): Promise<void> {
  while (await db.transaction((trx) => foldBatches(trx, FOLD_SAMPLES)));
}
await checkpoint();
const start = await databaseBytes(db);
const messages = Math.round((hours * 3600_000) / everyMs);
const t0 = Date.now() - hours * 3600_000;
const started = performance.now();
for (let m = 0; m < messages; m++) {
  const tsMs = t0 + m * everyMs;
  const item: IngestItem = {
    bridgeId,
    // Sensor-like values: numbers that drift, a few decimals, as Signal K sends them.
    values: Array.from({ length: paths }, (_, p) => {
      const value = Math.round((100 + p + Math.sin((m + p) / 50) * 10) * 1000) / 1000;
      return { path: `bench.sensor.${p}.value`, json: JSON.stringify(value), value, tsMs, source: 'bench.0' };
    }),
    locations: [{ tsMs, lat: 43.5 + m * 1e-6, lon: 7.1 + m * 1e-6, speedOverGround: 3.2, courseOverGroundTrue: 1.1, source: 'bench.0' }],
    sources: [{ uid: 'bench.0', lastSeenMs: tsMs, reportsPosition: true, locationEnabled: true }],
    receipt: receiptOf((m % 65535) + 1, Buffer.from(`bench message ${m}`)),
    duplicate: false,
    notifications: [],
  };
  await store.commit([item]);
  if ((m + 1) % Math.max(1, Math.round(ROLLUP_EVERY_MS / everyMs)) === 0) await fold();
}
await fold();
await checkpoint();
const grown = (await databaseBytes(db)) - start;
const seconds = (performance.now() - started) / 1000;
const perHour = grown / hours;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const samples = messages * paths;
console.log(`${messages} messages of ${paths} values and a position (${hours} h at one every ${everyMs} ms), written in ${seconds.toFixed(1)} s`);
console.log(`database grew ${mb(grown)} MB: ${(grown / samples).toFixed(1)} bytes a value, ${mb(perHour)} MB an hour`);
console.log(`a month (30 days): ${((perHour * 24 * 30) / 1024 ** 3).toFixed(2)} GB for this vessel`);
await db.destroy();
rmSync(dir, { recursive: true, force: true });
