/**
 * HTTP throughput (issue 19, docs/performance.md "HTTP throughput"): requests per second of an
 * authenticated `GET /api/vessel/{id}/devices` (Sea Breeze with a motor yacht's 29 devices and
 * their current values) against a bare hapi hello-world, in the same run, with autocannon. Each
 * server runs in its own process; autocannon runs in this one.
 *
 *   npx tsx bench/http.ts [--duration 10] [--connections 50] [--postgres postgres://...]
 *
 * BENCH_CPU_PROF=dir writes a CPU profile of the server there (node --cpu-prof).
 */
import autocannon from 'autocannon';
import { startChild, tsx } from './child.js';
import { readFlags } from './flags.js';
import { resultTable, ratioText } from './table.js';
import { seaBreezeBridge, seaBreezeId, signIn } from './vessel.js';

const USAGE = 'usage: npx tsx bench/http.ts [--duration 10] [--connections 50] [--workers 1] [--postgres URL]';
const flags = readFlags(USAGE, { duration: '10', connections: '50', workers: '1', postgres: undefined });
const duration = flags.whole('duration', 1, 600);
const connections = flags.whole('connections', 1, 1000);
const workers = flags.whole('workers', 1, 16);
const postgres = flags.text('postgres');
const GOAL = 0.6;

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections, duration, headers, ...(workers > 1 ? { workers } : {}) });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p99: result.latency.p99, errors };
}

const bare = tsx('bench/bare-hapi.ts');
const { httpPort: barePort } = await bare.ready;
const server = process.env.BENCH_CPU_PROF
  ? startChild(process.execPath, [
      '--cpu-prof',
      `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`,
      '--import',
      'tsx',
      'bench/server.ts',
      '1',
      ...(postgres ? [postgres] : []),
    ])
  : tsx('bench/server.ts', ['1', ...(postgres ? [postgres] : [])]);
const ready = await server.ready;
const bridge = await seaBreezeBridge(ready);
const token = await signIn(ready, 'owner@demo.test');
const vesselId = await seaBreezeId(ready, token);
const devicesUrl = `http://127.0.0.1:${ready.httpPort}/api/vessel/${vesselId}/devices`;

const check = await fetch(devicesUrl, { headers: { authorization: `Bearer ${token}` } });
const text = await check.text();
const devices = (JSON.parse(text) as { data: unknown[] }).data;
console.error(
  `GET devices answers ${check.status} with ${devices.length} devices (${(text.length / 1000).toFixed(1)} kB); ${connections} connections, ${duration} s each`,
);

// Asked as a browser asks: the same request headers for both servers (hello-world is too small to compress).
const browser = { 'accept-encoding': 'gzip, deflate, br' };

// Warm both up (JIT, caches) before measuring.
await autocannon({ url: `http://127.0.0.1:${barePort}/`, connections, duration: 2, headers: browser });
await autocannon({ url: devicesUrl, connections, duration: 2, headers: { ...browser, authorization: `Bearer ${token}` } });
const baseline = await requestsPerSecond(`http://127.0.0.1:${barePort}/`, browser);
const measured = await requestsPerSecond(devicesUrl, { ...browser, authorization: `Bearer ${token}` });

await bridge.endAsync();
await Promise.all([bare.stop(), server.stop()]);

const ratio = measured.rps / baseline.rps;
console.log(
  resultTable([
    {
      figure: `Authenticated GET /api/vessel/{id}/devices (${devices.length} devices), ${postgres ? 'PostgreSQL' : 'SQLite'}`,
      command: `npx tsx bench/http.ts --duration ${duration}${postgres ? ' --postgres …' : ''}`,
      value: `${Math.round(measured.rps).toLocaleString('en')} req/s (p99 ${measured.p99} ms${measured.errors ? `, ${measured.errors} errors` : ''})`,
      baseline: `bare hapi hello-world ${Math.round(baseline.rps).toLocaleString('en')} req/s`,
      ratio: ratioText(measured.rps, baseline.rps),
      goal: `≥ ${GOAL}×`,
      met: ratio >= GOAL && measured.errors === 0,
    },
  ]),
);
process.exit(0);
