/**
 * Live stream fan-out (issue 19, docs/performance.md "Live stream fan-out"): C concurrent SSE
 * clients on Sea Breeze's live stream (`GET /api/vessel/{id}/live`), spread over a few load
 * processes (bench/sse-client.ts) and over C/10 users (a user may hold 10 streams). Sea Breeze's
 * bridge publishes one delta every `--every` ms carrying `bench.sentAt` (the publication time);
 * for each value the benchmark takes the publish → receive time at every client.
 *
 *   npx tsx bench/sse.ts [--clients 1000] [--values 50] [--every 200] [--processes 4]
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsx } from './child.js';
import { readFlags } from './flags.js';
import { percentile } from './load.js';
import { resultTable } from './table.js';
import { seaBreezeBridge, seaBreezeId, signIn } from './vessel.js';

const USAGE = 'usage: npx tsx bench/sse.ts [--clients 1000] [--values 50] [--every 200] [--processes 4]';
const flags = readFlags(USAGE, { clients: '1000', values: '50', every: '200', processes: '4' });
const clientCount = flags.whole('clients', 1, 20_000);
const valueCount = flags.whole('values', 1, 10_000);
const everyMs = flags.whole('every', 10, 60_000);
const processCount = flags.whole('processes', 1, 64);
const GOAL_MS = 1000;
const STREAMS_PER_USER = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const users = Math.ceil(clientCount / STREAMS_PER_USER);
const server = tsx('bench/server.ts', ['1'], { BENCH_MEMBERS: String(users) });
const ready = await server.ready;
const bridge = await seaBreezeBridge(ready);
const ownerToken = await signIn(ready, 'owner@demo.test');
const vesselId = await seaBreezeId(ready, ownerToken);
const userTokens: string[] = [];
for (let i = 0; i < users; i += 10)
  userTokens.push(...(await Promise.all(Array.from({ length: Math.min(10, users - i) }, (_, j) => signIn(ready, `member-${i + j}@bench.test`)))));
const tokens = Array.from({ length: clientCount }, (_, i) => userTokens[i % users]);

const dir = mkdtempSync(join(tmpdir(), 'vessel-link-sse-'));
const perProcess = Math.ceil(clientCount / processCount);
const latest: Array<{ open: number; failed: number }> = [];
/** Publication time → publish-to-receive times at every client. */
const arrivals = new Map<number, number[]>();
const clients = Array.from({ length: processCount }, (_, i) => {
  const file = join(dir, `tokens-${i}.json`);
  writeFileSync(file, JSON.stringify(tokens.slice(i * perProcess, (i + 1) * perProcess)));
  const client = tsx('bench/sse-client.ts', [`http://127.0.0.1:${ready.httpPort}/api/vessel/${vesselId}/live`, file]);
  client.onLine = (line) => {
    latest[i] = line;
    for (const [sentAt, ms] of line.received) arrivals.get(sentAt)?.push(ms);
  };
  return client;
});
const opened = () => latest.reduce((n, l) => n + (l?.open ?? 0), 0);
const failed = () => latest.reduce((n, l) => n + (l?.failed ?? 0), 0);
for (let waited = 0; opened() + failed() < clientCount; waited += 100) {
  if (waited > 120_000) throw new Error(`only ${opened()} of ${clientCount} streams opened`);
  await sleep(100);
}
console.error(`${opened()} streams open (${failed()} refused) for ${users} users; publishing ${valueCount} values, one per ${everyMs} ms`);

const serial = ready.bridges[0].serial;
for (let i = 0; i < valueCount; i++) {
  const sentAt = Date.now();
  arrivals.set(sentAt, []);
  const delta = { updates: [{ $source: 'bench', timestamp: new Date(sentAt).toISOString(), values: [{ path: 'bench.sentAt', value: sentAt }] }] };
  await bridge.publishAsync(`bridges/${serial}/delta`, JSON.stringify(delta), { qos: 1 });
  await sleep(everyMs);
}
// Whatever has not arrived a few seconds after the last value never will.
await sleep(3000);
await bridge.endAsync();
await Promise.all([...clients.map((c) => c.stop()), server.stop()]);

const perValue = [...arrivals.values()];
const all = Float64Array.from(perValue.flat()).sort();
const complete = perValue.filter((ms) => ms.length === clientCount).length;
const worst = perValue.map((ms) => Math.max(...ms, 0)).sort((a, b) => a - b);
const met = complete === valueCount && all[all.length - 1] <= GOAL_MS;
console.log(
  resultTable([
    {
      figure: `Live stream: ${clientCount.toLocaleString('en')} SSE clients on one vessel, publish → receive`,
      command: `npx tsx bench/sse.ts --clients ${clientCount} --values ${valueCount}`,
      value: `p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms, max ${all[all.length - 1]?.toFixed(0)} ms; ${complete} of ${valueCount} values reached all ${clientCount} (slowest value's last client: median ${worst[Math.floor(worst.length / 2)]} ms)`,
      baseline: '',
      ratio: '',
      goal: `every value at every client within ${GOAL_MS} ms`,
      met,
    },
  ]),
);
process.exit(0);
