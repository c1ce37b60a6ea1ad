/**
 * Every issue 19 benchmark in its quick form, one after the other (they must not share the CPUs),
 * then one table of all their rows: the table at the top of docs/performance.md. Each benchmark
 * prints its own rows with bench/table.ts; this collects them from its output.
 *
 *   npm run bench:all [-- --fleet 1000] [-- --postgres URL]
 *
 * `--fleet N` sets the fleet size (10,000 is the goal's; it needs `ulimit -n` above N plus a few
 * hundred and takes minutes); `--postgres` adds the PostgreSQL history run.
 */
import { spawn } from 'node:child_process';
import { readFlags } from './flags.js';

const USAGE = 'usage: npm run bench:all -- [--fleet 1000] [--postgres URL]';
const flags = readFlags(USAGE, { fleet: '1000', postgres: undefined });
const fleet = flags.whole('fleet', 10, 20_000);
const postgres = flags.text('postgres');

const runs: Array<{ name: string; args: string[] }> = [
  { name: 'single-connection ingest and command round trip', args: ['bench/ingest.ts', '--shape', 'real', '--duration', '10'] },
  { name: 'single-connection ingest, a window acknowledged at a time', args: ['bench/ingest.ts', '--shape', 'windowed', '--duration', '10'] },
  { name: 'an NMEA 2000 recording years old, a window at a time', args: ['bench/ingest.ts', '--shape', 'recording', '--duration', '10'] },
  { name: 'HTTP throughput', args: ['bench/http.ts', '--duration', '10'] },
  { name: 'live stream fan-out', args: ['bench/sse.ts', '--clients', '1000', '--values', '20'] },
  { name: 'history for charts (SQLite)', args: ['bench/history.ts'] },
  { name: 'export of a year of 1 Hz history', args: ['bench/export.ts'] },
  ...(postgres ? [{ name: 'history for charts (PostgreSQL)', args: ['bench/history.ts', '--postgres', postgres] }] : []),
  { name: `${fleet.toLocaleString('en')} bridges`, args: ['bench/fleet.ts', '--bridges', String(fleet), '--clients', '2', '--steady', '10'] },
];

/** Runs one benchmark with its output shown as it comes, and answers the table rows it printed. */
function rowsOf(args: string[]): Promise<{ rows: string[]; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, rows: out.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Figure |')) }));
  });
}

const rows: string[] = [];
const failed: string[] = [];
for (const [i, run] of runs.entries()) {
  console.log(`\n[${i + 1}/${runs.length}] ${run.name}: npx tsx ${run.args.join(' ')}`);
  const result = await rowsOf(run.args);
  rows.push(...result.rows);
  if (result.code !== 0 || !result.rows.length) failed.push(`${run.name} (exit ${result.code}, ${result.rows.length} rows)`);
}

console.log('\n| Figure | Command | Value | Baseline (same run) | Ratio | Goal | Met |\n|---|---|---:|---:|---:|---|:-:|');
console.log(rows.join('\n'));
if (failed.length) {
  console.error(`\nThese did not finish with their rows: ${failed.join('; ')}`);
  process.exit(1);
}
