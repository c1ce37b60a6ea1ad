/**
 * 10,000 bridges on one server (issue 19, docs/performance.md "10,000 bridges"). The real server
 * (bench/server.ts, SQLite, every module) with N provisioned bridges; the simulator's fleet mode
 * in several load processes (bench/fleet-client.ts, niced), each bridge its own MQTT connection sending
 * one delta per tick. Measures how long the fleet takes to connect, the server's RSS with all of
 * them connected, the publish → PUBACK lag, and then restarts the server on the same database
 * and port and measures how long until every bridge is back.
 *
 *   npx tsx bench/fleet.ts [--bridges 10000] [--clients 4] [--tick 10] [--steady 30] [--state DIR]
 *
 * The server holds one file descriptor per bridge: `ulimit -n` must be above the fleet size.
 * `BENCH_CPU_PROFILE=dir` writes CPU profiles of the server, one per start (node --cpu-prof), there;
 * `BENCH_SERVER_FLAGS` adds Node flags to the server's command line (`--max-old-space-size=800`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Child, freePort, startChild } from './child.js';
import { readFlags } from './flags.js';
import { percentile } from './load.js';
import { resultTable, type ResultRow } from './table.js';

const USAGE = 'usage: npx tsx bench/fleet.ts [--bridges 10000] [--clients 4] [--tick 10] [--steady 30] [--state DIR]';
const flags = readFlags(USAGE, { bridges: '10000', clients: '4', tick: '10', steady: '30', state: undefined });
const bridgeCount = flags.whole('bridges', 1, 50_000);
const clientCount = flags.whole('clients', 1, 64);
const tickMs = flags.whole('tick', 1, 600) * 1000;
const steadyMs = flags.whole('steady', 1, 3600) * 1000;
const command = `npx tsx bench/fleet.ts --bridges ${bridgeCount} --steady ${steadyMs / 1000}`;

const RSS_GOAL_MB = 1024;
const RECONNECT_GOAL_S = 30;
/** How long each phase may take before the run gives up: the first connect (new bridges' inventories and series, no goal) is slower than the reconnect. */
const FIRST_CONNECT_TIMEOUT_MS = 600_000;
const RECONNECT_TIMEOUT_MS = 180_000;

/** `--state DIR`: the fleet's database and bridges from an earlier run, so that the first connect is a reconnect too (for trying a change to the reconnect quickly). */
const stateDir = flags.text('state') || mkdtempSync(join(tmpdir(), 'vessel-link-fleet-'));
console.error(`state in ${stateDir}`);
const mqttPort = await freePort();
const serverEnv = { BENCH_STATE_DIR: stateDir, BENCH_MQTT_PORT: String(mqttPort) };
const serverProfile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
if (process.env.BENCH_SERVER_FLAGS) serverProfile.push(...process.env.BENCH_SERVER_FLAGS.split(' '));
const startServer = () => startChild(process.execPath, [...serverProfile, '--import', 'tsx', 'bench/server.ts', String(bridgeCount)], serverEnv);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the load processes last said, summed over them. */
interface FleetView {
  connected: number;
  reconnects: number;
  deltasSent: number;
}

let server: Child = startServer();
const provisioningStarted = performance.now();
const { bridges } = await server.ready;
console.error(`server up with ${bridgeCount} bridges in ${((performance.now() - provisioningStarted) / 1000).toFixed(1)} s`);

const perClient = Math.ceil(bridges.length / clientCount);
const latest: FleetView[] = [];
let lags: number[] = [];
const clients = Array.from({ length: clientCount }, (_, i) => {
  const file = join(stateDir, `client-${i}.json`);
  writeFileSync(file, JSON.stringify(bridges.slice(i * perClient, (i + 1) * perClient)));
  // Niced: on a small machine the load processes share the server's CPUs, and the server is what is measured.
  const client = startChild('nice', [
    '-n',
    '10',
    process.execPath,
    '--import',
    'tsx',
    'bench/fleet-client.ts',
    `mqtt://127.0.0.1:${mqttPort}`,
    file,
    String(tickMs),
  ]);
  client.onLine = (line) => {
    latest[i] = line;
    for (const lag of line.lags) lags.push(lag);
  };
  return client;
});
const view = (): FleetView =>
  latest.reduce(
    (sum, v) => ({ connected: sum.connected + v.connected, reconnects: sum.reconnects + v.reconnects, deltasSent: sum.deltasSent + v.deltasSent }),
    {
      connected: 0,
      reconnects: 0,
      deltasSent: 0,
    },
  );

async function until(done: (v: FleetView) => boolean, what: string, timeoutMs: number): Promise<number> {
  while (latest.filter(Boolean).length < clientCount) await sleep(50);
  const started = performance.now();
  let said = started;
  while (!done(view())) {
    const now = performance.now();
    if (now - started > timeoutMs) {
      // The server and the load processes go too: a failed run leaves nothing running.
      console.error(`${what}: only ${view().connected} of ${bridgeCount} connected after ${timeoutMs / 1000} s`);
      await Promise.all([...clients.map((c) => c.stop()), server.stop()]);
      process.exit(1);
    }
    if (now - said > 2000) {
      said = now;
      console.error(`  ${what}: ${view().connected} connected after ${((now - started) / 1000).toFixed(0)} s`);
    }
    await sleep(50);
  }
  return performance.now() - started;
}

/** Keeps the fleet running; the server's RSS is sampled as it goes. */
async function steady(): Promise<{ lags: Float64Array; deltas: number; peakRssMb: number; endRssMb: number }> {
  lags = [];
  const before = view().deltasSent;
  let peak = 0;
  for (let waited = 0; waited < steadyMs; waited += 250) {
    await sleep(250);
    peak = Math.max(peak, server.rssMb());
  }
  return { lags: Float64Array.from(lags).sort(), deltas: view().deltasSent - before, peakRssMb: peak, endRssMb: server.rssMb() };
}

const connectMs = await until((v) => v.connected === bridgeCount, 'first connect', FIRST_CONNECT_TIMEOUT_MS);
console.error(`${bridgeCount} bridges connected in ${(connectMs / 1000).toFixed(1)} s; steady ${steadyMs / 1000} s`);
const first = await steady();
console.error(`steady: ${first.deltas} deltas, server RSS ${Math.round(first.endRssMb)} MB (peak ${Math.round(first.peakRssMb)} MB); restarting the server`);

const reconnectsBefore = view().reconnects;
const stopping = performance.now();
await server.stop();
const stoppedMs = performance.now() - stopping;
server = startServer();
const restarting = performance.now();
await server.ready;
const bootMs = performance.now() - restarting;
const cpuListening = server.cpuSeconds();
const backMs = await until((v) => v.reconnects - reconnectsBefore >= bridgeCount && v.connected === bridgeCount, 'reconnect', RECONNECT_TIMEOUT_MS);
// The server's CPU for the reconnect, per bridge: steadier from run to run than the time, which
// the load processes and anything else on the machine share.
const reconnectCpuMs = ((server.cpuSeconds() - cpuListening) * 1000) / bridgeCount;
console.error(
  `all back ${(backMs / 1000).toFixed(1)} s after the new server listened (boot ${(bootMs / 1000).toFixed(1)} s, stop ${(stoppedMs / 1000).toFixed(1)} s); server CPU ${reconnectCpuMs.toFixed(1)} ms a bridge`,
);
const second = await steady();

await Promise.all(clients.map((c) => c.stop()));
await server.stop();

const ms = (value: number) => `${value.toFixed(0)} ms`;
const lagText = (l: Float64Array) => `p50 ${ms(percentile(l, 50))}, p99 ${ms(percentile(l, 99))}, max ${ms(l[l.length - 1] ?? NaN)}`;
const rssMb = Math.max(first.peakRssMb, second.peakRssMb);
const expectedDeltas = (bridgeCount * steadyMs) / tickMs;
const rows: ResultRow[] = [
  {
    figure: `${bridgeCount.toLocaleString('en')} bridges: server RSS (peak, connected and sending)`,
    command,
    value: `${Math.round(rssMb)} MB`,
    baseline: '',
    ratio: '',
    goal: `≤ ${RSS_GOAL_MB} MB`,
    met: rssMb <= RSS_GOAL_MB,
  },
  {
    figure: `${bridgeCount.toLocaleString('en')} bridges: all reconnected after a server restart`,
    command,
    value: `${(backMs / 1000).toFixed(1)} s (server CPU ${reconnectCpuMs.toFixed(1)} ms a bridge)`,
    baseline: '',
    ratio: '',
    goal: `≤ ${RECONNECT_GOAL_S} s`,
    met: backMs <= RECONNECT_GOAL_S * 1000,
  },
  {
    figure: `${bridgeCount.toLocaleString('en')} bridges: first connect of the whole fleet`,
    command,
    value: `${(connectMs / 1000).toFixed(1)} s`,
    baseline: '',
    ratio: '',
    goal: '',
    met: true,
  },
  {
    figure: `${bridgeCount.toLocaleString('en')} bridges: ingest lag, one delta per ${tickMs / 1000} s each (publish → PUBACK)`,
    command,
    value: `${lagText(first.lags)}; after the restart ${lagText(second.lags)}`,
    baseline: '',
    ratio: '',
    goal: `every delta acknowledged (${first.deltas + second.deltas} of ~${Math.round(2 * expectedDeltas)})`,
    met: first.deltas + second.deltas >= 2 * expectedDeltas * 0.9,
  },
];
console.log(resultTable(rows));
process.exit(0);
