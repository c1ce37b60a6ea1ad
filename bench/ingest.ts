/**
 * The ingest benchmark (docs/performance.md). Runs the same MQTT load — N bridges, each keeping
 * W QoS 1 deltas of V values in flight — against three brokers in turn, each in its own process:
 *   1. bare Aedes (no authentication, no storage): the ceiling for the broker we embed;
 *   2. Mosquitto (/usr/sbin/mosquitto), for scale;
 *   3. Vessel Link, where a PUBACK means the values are committed, so acknowledged = queryable.
 * For Vessel Link it also measures the command round trip (HTTP sendCommand → bridge → answer →
 * value read back → CONFIRMED) with the server idle, under the full load (a run of its own after
 * the peak rate's, which like the other brokers' carries the load alone) and under half of it
 * (the load's rate capped at half what Vessel Link just acknowledged), the server's peak RSS, and
 * checks the stored rows against the acks. `--shape real` is one bridge sending what an NMEA 2000
 * recording gives: 200 deltas of 1–3 values in flight, over 200 paths from 30 sources.
 * `--shape windowed` sends the same deltas 200 at a time, waiting for all 200 PUBACKs before the
 * next 200; `--shape recording` sends a real NMEA 2000 recording decoded by canboatjs and
 * n2k-signalk (`source` objects, its timestamps years in the past: a backlog flushed after an
 * outage) the same way (bench/recording.ts). Each
 * broker's peak-rate run, and the idle command round trips, start with a warm-up left out of the
 * figures (`--warmup` seconds of the same load, 2 by default; 20 commands), so that they show the
 * steady state rather than the first seconds of a process.
 * `--fleet 1000` then connects that many bridges at once and keeps them publishing.
 *
 *   npm run bench -- [--shape uniform|real|windowed|recording] [--duration 60] [--warmup 2] [--bridges 50] [--inflight 10] [--values 10]
 *                    [--postgres postgres://postgres@127.0.0.1:5432/postgres] [--fleet 1000]
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { type Child, freePort, startChild, tsx, untilListening } from './child.js';
import { readFlags } from './flags.js';
import { LOAD_SHAPES, type LoadClient, type LoadOptions, type LoadResult, type LoadShape, percentile, runLoad } from './load.js';
import { RECORDING_YEARS_BACK } from './recording.js';
import { ratioText, resultTable, type ResultRow } from './table.js';

const USAGE =
  'usage: npm run bench -- [--shape uniform|real|windowed|recording] [--duration 60] [--bridges 50|1] [--inflight 10|200] [--values 10] [--warmup 2] [--postgres URL] [--fleet 1000] [--mosquitto PATH]';

const flags = readFlags(USAGE, {
  shape: 'uniform',
  duration: '60',
  bridges: undefined,
  inflight: undefined,
  values: '10',
  postgres: undefined,
  fleet: '0',
  mosquitto: '/usr/sbin/mosquitto',
  warmup: '2',
});
const whole = flags.whole;
const shape = flags.text('shape') as LoadShape;
if (!LOAD_SHAPES.includes(shape)) {
  console.error(`--shape must be one of ${LOAD_SHAPES.join(', ')}\n${USAGE}`);
  process.exit(2);
}
/** One bridge's shapes (everything but `uniform`). */
const single = shape !== 'uniform';
/** A flag whose default depends on the shape: 50 bridges × 10 in flight, or one bridge × 200. */
const wholeOr = (name: 'bridges' | 'inflight', uniform: number, real: number, max: number) =>
  flags.text(name) === undefined ? (single ? real : uniform) : whole(name, 1, max);

const durationMs = whole('duration', 1, 3600) * 1000;
const warmupS = whole('warmup', 0, 600);
const bridgeCount = wholeOr('bridges', 50, 1, 10_000);
/** Each broker's peak-rate run: a warm-up of the same load first, left out of the figures. */
const load: LoadOptions = {
  durationMs,
  warmupMs: warmupS * 1000,
  inflight: wholeOr('inflight', 10, 200, 1000),
  valuesPerMessage: whole('values', 1, 1000),
  shape,
};
/** Commands sent before the idle round trips are timed, when there is a warm-up. */
const WARMUP_COMMANDS = 20;
/** The runs that follow a broker's peak-rate run: it is warm by then. */
const warm: LoadOptions = { ...load, warmupMs: 0 };
const fleetSize = whole('fleet', 0, 10_000);

/** `BENCH_CPU_PROFILE=dir` writes a CPU profile of the Vessel Link server (node --cpu-prof) there; `BENCH_SERVER_FLAGS` adds Node flags. */
const serverProfile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
if (process.env.BENCH_SERVER_FLAGS) serverProfile.push(...process.env.BENCH_SERVER_FLAGS.split(' '));

const anonymousClients = (n: number): LoadClient[] => Array.from({ length: n }, (_, i) => ({ clientId: `bench-${i}`, topic: `bridges/bench-${i}/delta` }));

interface Row {
  name: string;
  result: LoadResult;
  rssMb: number;
  /** The broker's CPU time during the load (all its threads): robust where the machine is shared. */
  cpuSeconds: number;
  /** This process's (the load generator's) CPU time during the load: what it leaves the broker of the machine's CPUs. */
  loadCpuSeconds: number;
}

/** Runs a load, measuring the broker's and the load generator's CPU time over its measured seconds (after the warm-up). */
async function measured(child: Child, url: string, clients: LoadClient[], options: LoadOptions): Promise<[LoadResult, number, number]> {
  let before = child.cpuSeconds();
  let own = process.cpuUsage();
  const onMeasure = () => {
    before = child.cpuSeconds();
    own = process.cpuUsage();
  };
  const result = await runLoad(url, clients, { ...options, onMeasure });
  const { user, system } = process.cpuUsage(own);
  return [result, child.cpuSeconds() - before, (user + system) / 1e6];
}

function line(row: Row): string {
  const r = row.result;
  const cols = [
    row.name.padEnd(28),
    String(Math.round(r.messages / r.seconds)).padStart(9),
    String(Math.round(r.values / r.seconds)).padStart(10),
    percentile(r.lagsMs, 50).toFixed(1).padStart(8),
    percentile(r.lagsMs, 99).toFixed(1).padStart(8),
    String(Math.round(row.rssMb)).padStart(7),
    String(Math.round((row.cpuSeconds * 1e6) / r.messages)).padStart(9),
    String(Math.round((row.loadCpuSeconds * 1e6) / r.messages)).padStart(9),
  ];
  return cols.join('  ') + (r.failures ? `  (${r.failures} failed)` : '');
}

async function bareAedes(): Promise<Row> {
  const child = tsx('bench/bare-aedes.ts');
  const { mqttPort } = await child.ready;
  const [result, cpuSeconds, loadCpuSeconds] = await measured(child, `mqtt://127.0.0.1:${mqttPort}`, anonymousClients(bridgeCount), load);
  const row = { name: 'bare Aedes (no auth/storage)', result, rssMb: child.peakRssMb(), cpuSeconds, loadCpuSeconds };
  await child.stop();
  return row;
}

async function mosquitto(): Promise<Row> {
  const port = await freePort();
  const conf = join(mkdtempSync(join(tmpdir(), 'vl-bench-mosquitto-')), 'mosquitto.conf');
  writeFileSync(
    conf,
    `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nmax_inflight_messages 0\nmax_queued_messages 100000\nlog_dest none\n`,
  );
  const child = startChild(flags.text('mosquitto')!, ['-c', conf]);
  await untilListening(port);
  const [result, cpuSeconds, loadCpuSeconds] = await measured(child, `mqtt://127.0.0.1:${port}`, anonymousClients(bridgeCount), load);
  const row = { name: 'Mosquitto', result, rssMb: child.peakRssMb(), cpuSeconds, loadCpuSeconds };
  await child.stop();
  return row;
}

/** Times sendCommand round trips through a simulated bridge that obeys and reports the value back. */
async function commandBench(httpPort: number, responder: { serial: string; secret: string }, mqttPort: number) {
  const base = `http://127.0.0.1:${httpPort}/api`;
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { ok: boolean; data: any };
  };
  const token = (await post('/auth/login', { username: 'owner@demo.test', password: 'vessel-link-demo' })).data.token;
  const bridge = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
    clientId: responder.serial,
    username: responder.serial,
    password: responder.secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  await bridge.subscribeAsync(`bridges/${responder.serial}/put`, { qos: 1 });
  // A command is confirmed by the value read back, so the responder answers and then reports it.
  bridge.on('message', (_topic, payload) => {
    const { requestId, put } = JSON.parse(payload.toString());
    void bridge
      .publishAsync(`bridges/${responder.serial}/put/response`, JSON.stringify({ requestId, state: 'COMPLETED', statusCode: 200 }), { qos: 1 })
      .then(() =>
        bridge.publishAsync(
          `bridges/${responder.serial}/delta`,
          JSON.stringify({ updates: [{ $source: 'bench', values: [{ path: put.path, value: put.value }] }] }),
          { qos: 1 },
        ),
      );
  });
  const inventory = {
    devices: [
      {
        id: 'lights',
        name: 'Lights',
        category: 'lighting',
        properties: [{ path: 'electrical.switches.bank.0.1.state', displayName: 'On', units: 'bool', writable: true }],
      },
    ],
  };
  await bridge.publishAsync(`bridges/${responder.serial}/devices`, JSON.stringify(inventory), { qos: 1 });
  const vessels = await (await fetch(`${base}/vessel/basic`, { headers: { authorization: `Bearer ${token}` } })).json();
  const vesselId = vessels.data.find((v: { name: string }) => v.name === 'Sea Breeze').id;
  const devices = await (await fetch(`${base}/vessel/${vesselId}/devices`, { headers: { authorization: `Bearer ${token}` } })).json();
  const propertyId = devices.data[0].properties[0].id;
  let value = 0;

  return {
    /** Round trips one after another, 50 ms apart, `count` of them or while `until` is pending. */
    async roundTrips(end: { count: number } | { until: Promise<unknown> }): Promise<Float64Array> {
      let done = false;
      if ('until' in end) void end.until.finally(() => (done = true));
      const rtts: number[] = [];
      while (!done && !('count' in end && rtts.length >= end.count)) {
        value = 1 - value;
        const sent = performance.now();
        const answer = await post(`/vessel/${vesselId}/sendCommand`, { deviceProperty: propertyId, value }, token);
        if (answer.ok) rtts.push(performance.now() - sent);
        await new Promise((r) => setTimeout(r, 50));
      }
      return Float64Array.from(rtts).sort();
    },
    close: () => bridge.endAsync(),
  };
}

interface VesselLinkRun {
  row: Row;
  /** The same load with its rate capped at half of `row`'s. */
  half: { result: LoadResult; cpuSeconds: number; loadCpuSeconds: number };
  rtts: { idle: Float64Array; full: Float64Array; half: Float64Array };
  stored: number | null;
  /** Values acknowledged over every load the server took, to be found stored. */
  acknowledged: number;
}

async function vesselLink(postgres?: string): Promise<VesselLinkRun> {
  const child = startChild(process.execPath, [
    ...serverProfile,
    '--import',
    'tsx',
    'bench/server.ts',
    String(bridgeCount + 1),
    ...(postgres ? [postgres] : []),
  ]);
  const ready = await child.ready;
  const [responder, ...bridges] = ready.bridges as Array<{ serial: string; secret: string }>;
  const clients = bridges.map((b) => ({ clientId: b.serial, password: b.secret, topic: `bridges/${b.serial}/delta` }));
  const url = `mqtt://127.0.0.1:${ready.mqttPort}`;
  const commands = await commandBench(ready.httpPort, responder, ready.mqttPort);
  // Like the load, the command path gets a warm-up left out of its figures (its first requests compile it).
  if (load.warmupMs) await commands.roundTrips({ count: WARMUP_COMMANDS });
  const idle = await commands.roundTrips({ count: 200 });
  // The peak rate with nothing else running, as bare Aedes and Mosquitto were measured; then the
  // command round trip under that full load, in a shorter run of its own.
  const [result, cpuSeconds, loadCpuSeconds] = await measured(child, url, clients, load);
  const loaded = runLoad(url, clients, { ...warm, durationMs: Math.min(durationMs, 5000) });
  const full = await commands.roundTrips({ until: loaded });
  const loadedResult = await loaded;
  const halving = measured(child, url, clients, { ...warm, ratePerClient: result.messages / result.seconds / 2 / clients.length });
  const half = await commands.roundTrips({ until: halving });
  const [halfResult, halfCpuSeconds, halfLoadCpuSeconds] = await halving;
  await commands.close();
  const rssMb = child.peakRssMb();
  await child.stop();
  const end = child.lines.find((l) => 'historySamples' in l);
  const stored = end?.historySamples ?? null;
  if (end)
    console.log(
      `    ${end.batches.count} group commits, ${(end.batches.messages / end.batches.count).toFixed(1)} messages each on average, writes ${(end.batches.seconds * 1000).toFixed(0)} ms in all`,
    );
  return {
    row: { name: `Vessel Link (${postgres ? 'PostgreSQL' : 'SQLite'})`, result, rssMb, cpuSeconds, loadCpuSeconds },
    half: { result: halfResult, cpuSeconds: halfCpuSeconds, loadCpuSeconds: halfLoadCpuSeconds },
    acknowledged: result.acknowledgedValues + loadedResult.acknowledgedValues + halfResult.acknowledgedValues,
    rtts: { idle, full, half },
    stored,
  };
}

/** Many bridges at once: how long they take to connect, and that they all keep working. */
async function fleet(size: number): Promise<string> {
  const child = tsx('bench/server.ts', [String(size)]);
  const ready = await child.ready;
  const clients = (ready.bridges as Array<{ serial: string; secret: string }>).map((b) => ({
    clientId: b.serial,
    password: b.secret,
    topic: `bridges/${b.serial}/delta`,
  }));
  const result = await runLoad(`mqtt://127.0.0.1:${ready.mqttPort}`, clients, {
    ...warm,
    inflight: 1,
    ratePerClient: 1,
    durationMs: Math.min(durationMs, 30_000),
  });
  const rssMb = child.peakRssMb();
  await child.stop();
  const perBridge = result.messages / size;
  return (
    `${size} bridges connected (authenticated) in ${(result.connectMs / 1000).toFixed(2)} s; ` +
    `${result.messages} deltas acknowledged in ${result.seconds.toFixed(0)} s (${perBridge.toFixed(1)} per bridge, ${result.failures} failed), ` +
    `lag p50 ${percentile(result.lagsMs, 50).toFixed(1)} ms, p99 ${percentile(result.lagsMs, 99).toFixed(1)} ms, server RSS ${Math.round(rssMb)} MB`
  );
}

const header = `${'broker'.padEnd(28)}  ${'msgs/s'.padStart(9)}  ${'values/s'.padStart(10)}  ${'p50 ms'.padStart(8)}  ${'p99 ms'.padStart(8)}  ${'RSS MB'.padStart(7)}  ${'CPU µs/msg'.padStart(9)}  ${'load µs/msg'.padStart(9)}`;
const shapeTexts: Record<LoadShape, string> = {
  uniform: `${load.valuesPerMessage} values`,
  real: 'deltas of 1–3 values over 200 paths from 30 sources',
  windowed: 'deltas of 1–3 values over 200 paths from 30 sources, a window at a time (all acknowledged before the next)',
  recording: `an NMEA 2000 recording through canboatjs and n2k-signalk, its timestamps ${RECORDING_YEARS_BACK} years back, a window at a time`,
};
const shapeText = shapeTexts[shape];
console.log(
  `Ingest benchmark: ${bridgeCount} bridge${bridgeCount === 1 ? '' : 's'} × ${load.inflight} QoS 1 deltas in flight × ${shapeText}, ${durationMs / 1000} s per run after ${warmupS} s of warm-up; node ${process.version}, ${cpus().length} CPUs`,
);
console.log(
  "(lag = publish → PUBACK; for Vessel Link a PUBACK means committed, so queryable; CPU µs/msg = the broker process's CPU time over the run per delta, PostgreSQL's own not counted; load µs/msg = the load generator's, which shares the machine's CPUs)\n",
);
console.log(header);

const aedes = await bareAedes();
console.log(line(aedes));
console.log(line(await mosquitto()));

const command = `npm run bench --${single ? ` --shape ${shape}` : ''}${flags.text('postgres') ? ' --postgres …' : ''}`;
const ms = (sorted: Float64Array, p: number) => `p${p} ${percentile(sorted, p).toFixed(1)} ms`;
const rows: ResultRow[] = [];
for (const postgres of [undefined, flags.text('postgres')].filter((p, i) => i === 0 || p)) {
  const { row, half, rtts, stored, acknowledged } = await vesselLink(postgres);
  const rate = (r: LoadResult) => r.messages / r.seconds;
  console.log(`${line(row)}  ${ratioText(rate(row.result), rate(aedes.result))} bare Aedes`);
  console.log(`${line({ ...row, name: '  at half that rate', ...half })}`);
  console.log(
    `    stored history samples ${stored} for ${acknowledged} acknowledged values${stored !== null && stored >= acknowledged ? ' ✓' : ' ✗ MISSING VALUES'}`,
  );
  const rttLine = (label: string, sorted: Float64Array) => `    command round trip ${label}: ${ms(sorted, 50)}, ${ms(sorted, 99)} (${sorted.length} commands)`;
  console.log(rttLine('idle', rtts.idle));
  console.log(rttLine('under the full load', rtts.full));
  console.log(rttLine('under half the load', rtts.half));
  const db = postgres ? 'PostgreSQL' : 'SQLite';
  const ingests: Record<LoadShape, string> = {
    uniform: `${bridgeCount}-bridge ingest, ${load.valuesPerMessage} values a delta`,
    real: 'Single-bridge ingest, 1–3 values a delta',
    windowed: 'Single-bridge ingest, 1–3 values a delta, a window of 200 acknowledged at a time',
    recording: `Single-bridge ingest of an NMEA 2000 recording ${RECORDING_YEARS_BACK} years old, a window of 200 acknowledged at a time`,
  };
  const ingest = ingests[shape];
  rows.push(
    {
      figure: `${ingest} (${db})`,
      command,
      value: `${Math.round(rate(row.result)).toLocaleString('en')} msg/s`,
      baseline: `${Math.round(rate(aedes.result)).toLocaleString('en')} msg/s`,
      ratio: ratioText(rate(row.result), rate(aedes.result)),
      goal: '≥ 0.5× bare Aedes',
      met: rate(row.result) >= 0.5 * rate(aedes.result),
    },
    {
      figure: `Command round trip, idle (${db})`,
      command,
      value: `${ms(rtts.idle, 50)}, ${ms(rtts.idle, 99)}`,
      baseline: '',
      ratio: '',
      goal: 'p50 ≤ 10 ms, p99 ≤ 25 ms',
      met: percentile(rtts.idle, 50) <= 10 && percentile(rtts.idle, 99) <= 25,
    },
    {
      figure: `Command round trip, ingest at half its peak (${db})`,
      command,
      value: ms(rtts.half, 99),
      baseline: '',
      ratio: '',
      goal: 'p99 ≤ 100 ms',
      met: percentile(rtts.half, 99) <= 100,
    },
  );
}
console.log(`\n${resultTable(rows)}`);

if (fleetSize > 0) console.log(`\nFleet: ${await fleet(fleetSize)}`);
