/**
 * SQLite's write-ahead log under a long, steady ingest (issue 41, docs/operations.md "SQLite's
 * write-ahead log"): the real server (bench/server.ts, SQLite in a temporary directory, every
 * module) and N bridges each sending `--rate` QoS 1 deltas of V values a second (10 of 10: a busy
 * vessel, docs/operations.md "Disk"), up to W in flight, for the whole run; `--rate 0` sends as
 * fast as they are acknowledged. The `-wal` file's size is read every second: the largest and the
 * last are the figures, beside the database file's. At the end every acknowledged value must be
 * stored.
 *
 *   npx tsx bench/wal.ts [--bridges 200] [--duration 600] [--rate 10] [--inflight 10] [--values 10]
 *
 * `SQLITE_SYNCHRONOUS=normal|full` is handed to the server.
 */
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { tsx } from './child.js';
import { readFlags } from './flags.js';
import { percentile, runLoad } from './load.js';
import { resultTable } from './table.js';

const USAGE = 'usage: npx tsx bench/wal.ts [--bridges 200] [--duration 600] [--rate 10] [--inflight 10] [--values 10]';
const flags = readFlags(USAGE, { bridges: '200', duration: '600', inflight: '10', values: '10', rate: '10' });
const bridgeCount = flags.whole('bridges', 1, 10_000);
const durationS = flags.whole('duration', 1, 24 * 3600);
const inflight = flags.whole('inflight', 1, 1000);
const valuesPerMessage = flags.whole('values', 1, 1000);
const rate = flags.whole('rate', 0, 10_000);
const command = `npx tsx bench/wal.ts --bridges ${bridgeCount} --duration ${durationS} --rate ${rate}`;
const WAL_GOAL_MB = 64;

const bytesOf = (file: string): number => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

const server = tsx('bench/server.ts', [String(bridgeCount)]);
const ready = await server.ready;
const file = ready.databaseUrl as string;
const clients = (ready.bridges as Array<{ serial: string; secret: string }>).map((b) => ({
  clientId: b.serial,
  password: b.secret,
  topic: `bridges/${b.serial}/delta`,
}));
console.log(
  `WAL benchmark: ${bridgeCount} bridges × ${inflight} QoS 1 deltas in flight × ${valuesPerMessage} values, ${rate ? `${rate} deltas a second each` : 'as fast as acknowledged'}, ${durationS} s; SQLITE_SYNCHRONOUS=${process.env.SQLITE_SYNCHRONOUS ?? '(default)'}; node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(2)} at the start`,
);

let maxWal = 0;
let samples = 0;
const started = performance.now();
const sampler = setInterval(() => {
  const wal = bytesOf(`${file}-wal`);
  maxWal = Math.max(maxWal, wal);
  // A line a minute, to stderr: the run is long, and its course is a figure of its own.
  if (++samples % 60 === 0) {
    const minute = Math.round((performance.now() - started) / 60_000);
    console.error(
      `  minute ${minute}: WAL ${mb(wal)} MB (largest ${mb(maxWal)} MB), database ${mb(bytesOf(file))} MB, load average ${loadavg()[0].toFixed(2)}`,
    );
  }
}, 1000);

const result = await runLoad(`mqtt://127.0.0.1:${ready.mqttPort}`, clients, {
  durationMs: durationS * 1000,
  inflight,
  valuesPerMessage,
  ratePerClient: rate,
});
clearInterval(sampler);
const endWal = bytesOf(`${file}-wal`);
maxWal = Math.max(maxWal, endWal);
const database = bytesOf(file);
const rssMb = server.peakRssMb();
const loadAtEnd = loadavg();
await server.stop();
const stored = server.lines.find((l) => 'historySamples' in l)?.historySamples ?? null;

console.log(
  `${result.messages.toLocaleString('en')} deltas acknowledged in ${result.seconds.toFixed(0)} s (${Math.round(result.messages / result.seconds).toLocaleString('en')} a second, ${result.failures} failed), ` +
    `lag p50 ${percentile(result.lagsMs, 50).toFixed(1)} ms, p99 ${percentile(result.lagsMs, 99).toFixed(1)} ms, server RSS ${Math.round(rssMb)} MB`,
);
console.log(`database file ${mb(database)} MB; WAL largest ${mb(maxWal)} MB (read every second), at the end ${mb(endWal)} MB`);
console.log(`load average at the end: ${loadAtEnd.map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min)`);
console.log(
  `stored history samples ${stored} for ${result.acknowledgedValues} acknowledged values${stored !== null && stored >= result.acknowledgedValues ? ' ✓' : ' ✗ MISSING VALUES'}\n`,
);
console.log(
  resultTable([
    {
      figure: `SQLite WAL after ${durationS / 60} minutes of ${bridgeCount} bridges`,
      command,
      value: `largest ${mb(maxWal)} MB, last ${mb(endWal)} MB`,
      baseline: `database ${mb(database)} MB`,
      ratio: '',
      goal: `< ${WAL_GOAL_MB} MB`,
      met: maxWal < WAL_GOAL_MB * 1024 * 1024,
    },
  ]),
);
