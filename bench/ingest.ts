/**
 * The ingest benchmark (docs/performance.md). Runs the same MQTT load — N bridges, each keeping
 * W QoS 1 deltas of V values in flight — against three brokers in turn, each in its own process:
 *   1. bare Aedes (no authentication, no storage): the ceiling for the broker we embed;
 *   2. Mosquitto (/usr/sbin/mosquitto), for scale;
 *   3. Vessel Link, where a PUBACK means the values are committed, so acknowledged = queryable.
 * For Vessel Link it also measures the command round trip (HTTP sendCommand → bridge → answer →
 * value read back → CONFIRMED)
 * while the load runs, the server's peak RSS, and checks the stored rows against the acks.
 * `--fleet 1000` then connects that many bridges at once and keeps them publishing.
 *
 *   npm run bench -- [--duration 60] [--bridges 50] [--inflight 10] [--values 10]
 *                    [--postgres postgres://postgres@127.0.0.1:5432/postgres] [--fleet 1000]
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { freePort, startChild, tsx, untilListening } from './child.js';
import { readFlags } from './flags.js';
import { type LoadClient, type LoadResult, percentile, runLoad } from './load.js';

const USAGE = 'usage: npm run bench -- [--duration 60] [--bridges 50] [--inflight 10] [--values 10] [--postgres URL] [--fleet 1000] [--mosquitto PATH]';

const flags = readFlags(USAGE, {
  duration: '60',
  bridges: '50',
  inflight: '10',
  values: '10',
  postgres: undefined,
  fleet: '0',
  mosquitto: '/usr/sbin/mosquitto',
});
const whole = flags.whole;

const durationMs = whole('duration', 1, 3600) * 1000;
const bridgeCount = whole('bridges', 1, 10_000);
const load = { durationMs, inflight: whole('inflight', 1, 1000), valuesPerMessage: whole('values', 1, 1000) };
const fleetSize = whole('fleet', 0, 10_000);

const anonymousClients = (n: number): LoadClient[] => Array.from({ length: n }, (_, i) => ({ clientId: `bench-${i}`, topic: `bridges/bench-${i}/delta` }));

interface Row {
  name: string;
  result: LoadResult;
  rssMb: number;
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
  ];
  return cols.join('  ') + (r.failures ? `  (${r.failures} failed)` : '');
}

async function bareAedes(): Promise<Row> {
  const child = tsx('bench/bare-aedes.ts');
  const { mqttPort } = await child.ready;
  const result = await runLoad(`mqtt://127.0.0.1:${mqttPort}`, anonymousClients(bridgeCount), load);
  const row = { name: 'bare Aedes (no auth/storage)', result, rssMb: child.peakRssMb() };
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
  const result = await runLoad(`mqtt://127.0.0.1:${port}`, anonymousClients(bridgeCount), load);
  const row = { name: 'Mosquitto', result, rssMb: child.peakRssMb() };
  await child.stop();
  return row;
}

/** sendCommand round trips, one after another, while `until` is pending. */
async function commandRoundTrips(
  httpPort: number,
  responder: { serial: string; secret: string },
  mqttPort: number,
  until: Promise<unknown>,
): Promise<Float64Array> {
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

  let done = false;
  void until.finally(() => (done = true));
  const rtts: number[] = [];
  for (let value = 0; !done; value = 1 - value) {
    const sent = performance.now();
    const answer = await post(`/vessel/${vesselId}/sendCommand`, { deviceProperty: propertyId, value }, token);
    if (answer.ok) rtts.push(performance.now() - sent);
    await new Promise((r) => setTimeout(r, 100));
  }
  await bridge.endAsync();
  return Float64Array.from(rtts).sort();
}

async function vesselLink(postgres?: string): Promise<{ row: Row; rtts: Float64Array; stored: number | null }> {
  const child = tsx('bench/server.ts', [String(bridgeCount + 1), ...(postgres ? [postgres] : [])]);
  const ready = await child.ready;
  const [responder, ...bridges] = ready.bridges as Array<{ serial: string; secret: string }>;
  const clients = bridges.map((b) => ({ clientId: b.serial, password: b.secret, topic: `bridges/${b.serial}/delta` }));
  const running = runLoad(`mqtt://127.0.0.1:${ready.mqttPort}`, clients, load);
  const rtts = await commandRoundTrips(ready.httpPort, responder, ready.mqttPort, running);
  const result = await running;
  const rssMb = child.peakRssMb();
  await child.stop();
  const stored = child.lines.find((l) => 'historySamples' in l)?.historySamples ?? null;
  return { row: { name: `Vessel Link (${postgres ? 'PostgreSQL' : 'SQLite'})`, result, rssMb }, rtts, stored };
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
    ...load,
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

const header = `${'broker'.padEnd(28)}  ${'msgs/s'.padStart(9)}  ${'values/s'.padStart(10)}  ${'p50 ms'.padStart(8)}  ${'p99 ms'.padStart(8)}  ${'RSS MB'.padStart(7)}`;
console.log(
  `Ingest benchmark: ${bridgeCount} bridges × ${load.inflight} QoS 1 deltas in flight × ${load.valuesPerMessage} values, ${durationMs / 1000} s per run; node ${process.version}, ${cpus().length} CPUs`,
);
console.log('(lag = publish → PUBACK; for Vessel Link a PUBACK means committed, so queryable)\n');
console.log(header);

const aedes = await bareAedes();
console.log(line(aedes));
console.log(line(await mosquitto()));

for (const postgres of [undefined, flags.text('postgres')].filter((p, i) => i === 0 || p)) {
  const { row, rtts, stored } = await vesselLink(postgres);
  const ratio = row.result.messages / row.result.seconds / (aedes.result.messages / aedes.result.seconds);
  console.log(`${line(row)}  ${ratio.toFixed(2)}× bare Aedes`);
  console.log(
    `    stored history samples ${stored} for ${row.result.values} acknowledged values${stored !== null && stored >= row.result.values ? ' ✓' : ' ✗ MISSING VALUES'}`,
  );
  console.log(
    `    command round trip under load: p50 ${percentile(rtts, 50).toFixed(1)} ms, p99 ${percentile(rtts, 99).toFixed(1)} ms (${rtts.length} commands)`,
  );
}

if (fleetSize > 0) console.log(`\nFleet: ${await fleet(fleetSize)}`);
