/**
 * Export of a vessel's whole record (docs/performance.md, "Export"; issue 48 item 2): Sea Breeze
 * with `--days` (365 by default) of one property sampled at 1 Hz, stored as the server keeps old
 * history (compacted hours: one packed row per clock hour, written here in batched inserts, not
 * through the ingest), and a position a minute; then the real server answers
 * `GET vessel/{id}/export` over HTTP and curl, in a process of its own, reads the whole archive
 * (uncompressed, as curl asks by default; `--gzip 1`: compressed, as browsers ask). Measures the time to the last byte against the 60 s goal,
 * the archive's bytes and the server's peak memory, and checks that the manifest counts every sample.
 *
 *   npx tsx bench/export.ts [--days 365] [--gzip 0]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadConfig } from '../src/config.js';
import { createDatabase, nowIso } from '../src/db/knex.js';
import { migrateLatest } from '../src/db/migrate.js';
import { BridgeSecrets, pairBridge, provisionBridge } from '../src/modules/bridges/api.js';
import { packSamples } from '../src/modules/telemetry/sample-codec.js';
import { createServer } from '../src/server.js';
import { DEMO_PASSWORD, loadDemoData } from '../fixtures/demo.js';
import { seedReferenceData } from '../fixtures/reference.js';
import type { ExportManifest } from '../contracts/export.js';
import { readFlags } from './flags.js';
import { resultTable, type ResultRow } from './table.js';

const USAGE = 'usage: npx tsx bench/export.ts [--days 365] [--gzip 0]';
const flags = readFlags(USAGE, { days: '365', gzip: '0' });
const days = flags.whole('days', 1, 400);
const gzip = flags.whole('gzip', 0, 1) === 1;
const COMMAND = `npx tsx bench/export.ts${days === 365 ? '' : ` --days ${days}`}${gzip ? ' --gzip 1' : ''}`;
const PATH = 'environment.inside.temperature';
const HOUR_MS = 3_600_000;
const GOAL_SECONDS = 60;

const dir = mkdtempSync(join(tmpdir(), 'vessel-link-export-bench-'));
const secret = 'export-bench-session-secret-of-32-characters';
const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  MQTT_PORT: '0',
  DATABASE_URL: join(dir, 'bench.db'),
  DATA_DIR: dir,
  SESSION_SECRET: secret,
  DEMO: 'off',
  LOG_LEVEL: 'warn',
  // The default keeps 90 days of samples (docs/operations.md, "Retention"); a year needs a server that keeps a year.
  RETENTION_RAW_DAYS: '400',
});
const db = createDatabase(config.databaseUrl, { synchronous: config.sqliteSynchronous });
await migrateLatest(db);
await db.transaction(seedReferenceData);
await loadDemoData(db);
const vesselId: number = (await db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
const bridgeId = await db.transaction(async (trx) => {
  const bridge = await provisionBridge(trx, new BridgeSecrets(secret), { serial: 'BENCH-EXPORT', version: '1.0.0' });
  await pairBridge(trx, bridge.pairingCode, vesselId);
  return (await trx('bridges').where({ serial: 'BENCH-EXPORT' }).first('id')).id as number;
});

const endMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
const startMs = endMs - days * 24 * HOUR_MS;
const samples = days * 86_400;
const now = nowIso();
const [deviceId] = (await db('devices')
  .insert({ bridge_id: bridgeId, device_key: 'saloon', name: 'Saloon', category: 'climate', updated_at: now })
  .returning('id')) as Array<{ id: number }>;
await db('device_properties').insert({ device_id: deviceId.id, bridge_id: bridgeId, path: PATH, display_name: 'Temperature, saloon', units: 'K' });
const [{ id: seriesId }] = await db('value_series')
  .insert({ bridge_id: bridgeId, path: PATH, value: '293.15', ts_ms: endMs, source: 'bench.0' })
  .returning('id');

/** A cabin temperature in kelvin: a daily swing and a slow drift, two decimals as sensors send it. */
const valueAt = (i: number) => Math.round((293.15 + 3 * Math.sin((i / 86_400) * 2 * Math.PI) + Math.sin(i / 5000)) * 100) / 100;

// One packed row a clock hour (what the compaction leaves of old history), a day a statement.
let t0 = performance.now();
const conn = (await db.client.acquireConnection()) as import('better-sqlite3').Database;
const insertHour = conn.prepare('INSERT INTO value_history_hours (series_id, hour_ms, count, samples) VALUES (?, ?, ?, ?)');
const insertPosition = conn.prepare('INSERT INTO locations (bridge_id, ts_ms, lat, lon, source) VALUES (?, ?, ?, ?, ?)');
for (let day = 0; day < days; day++) {
  conn.transaction(() => {
    for (let h = 0; h < 24; h++) {
      const hour = day * 24 + h;
      const hourMs = startMs + hour * HOUR_MS;
      const hourSamples: Array<[number, number]> = [];
      for (let s = 0; s < 3600; s++) hourSamples.push([hourMs + s * 1000, valueAt(hour * 3600 + s)]);
      insertHour.run(seriesId, hourMs, 3600, packSamples(hourSamples));
      for (let m = 0; m < 60; m++) {
        const i = hour * 60 + m;
        insertPosition.run(bridgeId, hourMs + m * 60_000, 43.7 + Math.sin(i / 500) * 0.2, 7.25 + Math.cos(i / 500) * 0.2, 'bench.gps');
      }
    }
  })();
}
await db.client.releaseConnection(conn);
const insertSeconds = (performance.now() - t0) / 1000;
console.log(
  `${samples.toLocaleString('en-GB')} samples over ${days} days and ${(days * 1440).toLocaleString('en-GB')} positions stored in ${insertSeconds.toFixed(1)} s`,
);

const server = await createServer(config, { db });
await server.start();
const login = await server.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'owner@demo.test', password: DEMO_PASSWORD } });
const token = (JSON.parse(login.payload) as { data: { token: string } }).data.token;

// The client is curl in a process of its own (the server keeps this one's event loop to itself);
// only the end of the archive, its manifest, comes back here.
const startRss = process.memoryUsage().rss;
let peakRss = startRss;
const memory = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
t0 = performance.now();
const curl = spawn(
  'bash',
  [
    '-c',
    `curl -sS --fail ${gzip ? '--compressed ' : ''}-H "authorization: Bearer $TOKEN" -w '%{stderr}%{size_download}\n' "$URL" | tee >(wc -c >&2) | tail -c 2000000`,
  ],
  { env: { ...process.env, TOKEN: token, URL: `${server.info.uri}/api/vessel/${vesselId}/export` }, stdio: ['ignore', 'pipe', 'pipe'] },
);
const tail: Buffer[] = [];
let report = '';
curl.stdout.on('data', (chunk: Buffer) => tail.push(chunk));
curl.stderr.on('data', (chunk: Buffer) => (report += chunk.toString()));
const [code] = (await once(curl, 'close')) as [number | null];
const seconds = (performance.now() - t0) / 1000;
clearInterval(memory);
if (code !== 0) throw new Error(`curl failed (${code}): ${report}`);
// curl's own count (the wire) and wc's (the archive, after --compressed) end up on stderr in either order.
const [wireBytes, archiveBytes] = report
  .trim()
  .split(/\s+/)
  .map(Number)
  .sort((a, b) => a - b);

const manifestText = Buffer.concat(tail).toString('utf8');
const manifest = JSON.parse(manifestText.slice(manifestText.lastIndexOf('{\n  "format"'), manifestText.lastIndexOf('}') + 1)) as ExportManifest;
const rows = manifest.entries.filter((e) => e.path === PATH).reduce((n, e) => n + (e.rows ?? 0), 0);
const points = manifest.entries.filter((e) => e.name.startsWith('track/')).reduce((n, e) => n + (e.rows ?? 0), 0);
if (!manifest.complete || rows !== samples) throw new Error(`the archive holds ${rows} of ${samples} samples`);
console.log(
  `archive: ${(archiveBytes / 1e6).toFixed(0)} MB (${(wireBytes / 1e6).toFixed(0)} MB on the wire${gzip ? ', gzip' : ''}), ${manifest.entries.length} entries, ${rows.toLocaleString('en-GB')} samples, ${points.toLocaleString('en-GB')} track points; ${Math.round(samples / seconds).toLocaleString('en-GB')} samples/s; peak RSS ${(peakRss / 1e6).toFixed(0)} MB (${(startRss / 1e6).toFixed(0)} MB as it started)`,
);
const result: ResultRow[] = [
  {
    figure: `Export: Sea Breeze with ${days} days of one property at 1 Hz (${(samples / 1e6).toFixed(1)} M samples) and a position a minute, to the last byte${gzip ? ' (gzip)' : ''}`,
    command: COMMAND,
    value: `${seconds.toFixed(1)} s`,
    baseline: '',
    ratio: '',
    goal: `≤ ${GOAL_SECONDS} s for a year`,
    met: seconds * (365 / days) <= GOAL_SECONDS,
  },
  {
    figure: `Export: the server's peak memory during it`,
    command: COMMAND,
    value: `${(peakRss / 1e6).toFixed(0)} MB RSS (${(startRss / 1e6).toFixed(0)} MB as it started)`,
    baseline: '',
    ratio: '',
    goal: 'streamed (no archive in memory)',
    met: peakRss < archiveBytes || peakRss < 500e6,
  },
];
console.log(resultTable(result));
await server.stop({ timeout: 2000 });
await db.destroy();
rmSync(dir, { recursive: true, force: true });
