/**
 * Store and forward on disk, and NMEA 2000: the recorded N2K log decoded into Signal K paths in SI
 * units, and the agent reading it from a TCP gateway while its uplink is cut, restarted, and
 * restored: every delta arrives, in order, with its original timestamp.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent } from '../../bridge/agent';
import { type LimitsConfig, NO_LIMITS, parseLimitsFile } from '../../bridge/limits';
import { DiskQueue } from '../../bridge/queue';
import { n2kDecoder } from '../../bridge/sources/decoders';
import { readLog } from '../../bridge/sources/lines';
import type { SignalKDelta } from '../../contracts/bridge';
import { silentLogger } from '../../bridge/client/logger';
import { type TestBroker, startTestBroker } from '../simulator/helpers/broker';
import { type Observer, observe } from '../simulator/helpers/observer';
import { until } from '../simulator/helpers/until';

const RECORDING = new URL('../../fixtures/n2k/motor-yacht.n2k', import.meta.url).pathname;
const SERIAL = 'AGENT-QUEUE';
const SECRET = 'queue-secret';
const DELTA = `bridges/${SERIAL}/delta`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agent-queue-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const valuesOf = (deltas: SignalKDelta[]) => {
  const latest = new Map<string, unknown>();
  for (const delta of deltas) for (const update of delta.updates) for (const { path, value } of update.values) latest.set(path, value);
  return latest;
};

describe('the NMEA 2000 recording', () => {
  it('decodes into Signal K paths and SI units, each update naming its sender', async () => {
    const deltas: SignalKDelta[] = [];
    for await (const delta of readLog(RECORDING, n2kDecoder())) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(300);
    const values = valuesOf(deltas);
    expect(values.get('propulsion.port.revolutions')).toBeCloseTo((1750 + 5 * 59) / 60, 5); // Hz, not rpm
    expect(values.get('propulsion.port.temperature')).toBeCloseTo(355.15, 2); // K
    expect(values.get('propulsion.port.oilPressure')).toBe(350000); // Pa
    expect(values.get('tanks.fuel.0.currentLevel')).toBeCloseTo(0.72, 2); // ratio, not %
    expect(values.get('tanks.fuel.0.capacity')).toBeCloseTo(0.8, 3); // m³, not litres
    expect(values.get('tanks.freshWater.1.currentLevel')).toBeCloseTo(0.55, 3);
    expect(values.get('electrical.batteries.0.voltage')).toBeCloseTo(12.61, 2);
    expect(values.get('electrical.batteries.0.current')).toBeCloseTo(-4.2, 2);
    expect(values.get('navigation.speedOverGround')).toBeCloseTo(4.69, 2); // m/s
    expect(values.get('navigation.courseOverGroundTrue')).toBeCloseTo(0.959, 3); // rad
    expect(values.get('environment.wind.speedApparent')).toBeGreaterThan(6);
    expect(values.get('navigation.position')).toEqual({ latitude: expect.closeTo(43.7323, 3), longitude: expect.closeTo(7.4257, 3) });
    expect(deltas[0].updates[0]).toMatchObject({ $source: 'n2k.17', timestamp: '2026-06-01T10:00:00.000Z' });
  });
});

describe('the on-disk queue', () => {
  const delta = (ms: number, path: string, value: number) =>
    JSON.stringify({ context: 'vessels.self', updates: [{ $source: 'n2k.1', timestamp: new Date(ms).toISOString(), values: [{ path, value }] }] });
  const T0 = Date.parse('2026-06-01T10:00:00.000Z');

  it('keeps what was not acknowledged across a restart, and forgets what was', () => {
    const first = new DiskQueue({ directory: dir, maxBytes: 1_000_000, maxAgeMs: 3_600_000, now: () => T0 });
    for (let i = 0; i < 10; i += 1) first.push(delta(T0 + i * 1000, 'a', i));
    const drained = [...first.drain()];
    expect(drained).toHaveLength(10);
    for (let i = 0; i < 4; i += 1) first.acknowledged();
    const second = new DiskQueue({ directory: dir, maxBytes: 1_000_000, maxAgeMs: 3_600_000, now: () => T0 });
    expect([...second.drain()]).toEqual(drained.slice(4));
  });

  it('over its size limit, summarises its oldest half to one value per path per minute, keeping recent data whole', () => {
    const queue = new DiskQueue({ directory: dir, maxBytes: 40_000, maxAgeMs: 24 * 3_600_000, now: () => T0 + 3_600_000 });
    // Ten minutes of one value a second.
    for (let i = 0; i < 600; i += 1) queue.push(delta(T0 + i * 1000, 'electrical.batteries.0.voltage', 12 + i / 1000));
    expect(queue.sizeBytes).toBeLessThanOrEqual(40_000);
    const kept = [...queue.drain()].map((payload) => JSON.parse(payload) as SignalKDelta);
    const times = kept.map((d) => Date.parse(d.updates[0].timestamp ?? ''));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The newest values are all there, a second apart; the oldest minutes keep their last value.
    expect(times.at(-1)).toBe(T0 + 599_000);
    expect(times.at(-2)).toBe(T0 + 598_000);
    const minuteOf = (ms: number) => Math.floor((ms - T0) / 60_000);
    const summarisedMinutes = times.filter((ms, i) => i > 0 && minuteOf(times[i - 1]) !== minuteOf(ms) && times[i] - times[i - 1] >= 60_000);
    expect(summarisedMinutes.length).toBeGreaterThan(0);
    expect(queue.dropped).toBeGreaterThan(0);
  });

  it('drops deltas older than its age limit', () => {
    let now = T0;
    const queue = new DiskQueue({ directory: dir, maxBytes: 1_000_000, maxAgeMs: 3_600_000, now: () => now });
    queue.push(delta(T0, 'a', 1));
    queue.push(delta(T0 + 2 * 3_600_000, 'a', 2));
    now = T0 + 2 * 3_600_000 + 1;
    expect([...queue.drain()].map((payload) => JSON.parse(payload).updates[0].values[0].value)).toEqual([2]);
    expect(queue.dropped).toBe(1);
  });
});

describe('the agent reading a gateway', () => {
  let broker: TestBroker;
  let cloud: Observer;
  let gateway: Server;
  let bus: Socket[] = [];
  let agent: Agent | undefined;

  const startAgent = (port: number, batchMs = 0, limits: LimitsConfig = NO_LIMITS) =>
    new Agent({
      batchMs,
      limits,
      mqttUrl: broker.url,
      serial: SERIAL,
      secret: SECRET,
      version: '2.0.0',
      n2k: [{ kind: 'tcp', host: '127.0.0.1', port }],
      queue: { directory: dir, maxBytes: 10_000_000, maxAgeMs: 365 * 24 * 3_600_000 },
      logger: silentLogger,
      reconnectMs: 100,
    }).start();

  beforeEach(async () => {
    broker = await startTestBroker({ [SERIAL]: SECRET });
    cloud = await observe(broker.url, [DELTA], { persistent: true });
    bus = [];
    gateway = createServer((socket) => bus.push(socket));
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await agent?.stop();
    for (const socket of bus) socket.destroy();
    await new Promise((resolve) => gateway.close(resolve));
    await cloud.close();
    await broker.close();
  });

  it('loses nothing: deltas read during the outage wait on disk, in order, through an agent restart and all arrive with their timestamps', async () => {
    const lines = (await readFile(RECORDING, 'utf8')).split('\n').filter(Boolean);
    const port = (gateway.address() as AddressInfo).port;
    agent = startAgent(port);
    await agent.waitForConnect();
    await until(() => bus.length === 1, 'gateway connected');
    const send = (chunk: string[]) => bus.at(-1)?.write(`${chunk.join('\n')}\n`);

    send(lines.slice(0, 100));
    await until(() => agent!.stats.deltasSent >= 100, 'first part sent');

    await broker.interrupt();
    await until(() => !agent!.connected, 'link down');
    send(lines.slice(100, 250));
    await until(() => agent!.queue.length === 150, 'second part queued');

    // The agent restarts while the link is down: the queue is on disk.
    await agent.stop();
    agent = startAgent(port);
    expect(agent.queue.length).toBe(150);
    await until(() => bus.length === 2, 'gateway reconnected');
    send(lines.slice(250));
    await until(() => agent!.queue.length === lines.length - 100, 'third part queued');

    // Waiting in the bus's order, on disk.
    const onDisk = (await readFile(join(dir, 'queue.ndjson'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).updates[0].timestamp);
    expect(onDisk).toEqual(lines.slice(100).map((line) => line.slice(0, line.indexOf(','))));
    await broker.resume();
    await until(() => agent!.queue.length === 0, 'queue forwarded', 20_000);

    const expected = lines.map((line) => line.slice(0, line.indexOf(',')));
    await cloud.until(
      (messages) => new Set(messages.flatMap((m) => m.payload.updates.map((u: any) => u.timestamp))).size >= expected.length,
      'every delta',
      20_000,
    );
    const received = cloud.messages.filter((m) => m.topic === DELTA).map((m) => m.payload as SignalKDelta);
    const timestamps = received.flatMap((d) => d.updates.map((u) => u.timestamp));
    // Every reading arrives with its recorded timestamp. The observer is cut too: the test broker may
    // redeliver to it and interleave what it kept with what came later, so the order is checked on disk above.
    for (const at of expected) expect(timestamps).toContain(at);
    const stream = received.filter((d) => d.updates.length === 1).map((d) => d.updates[0].timestamp);
    expect([...new Set(stream)].sort()).toEqual([...expected].sort());
  }, 60_000);

  it('with batching, sends a burst of readings as a few messages that carry every reading', async () => {
    const lines = (await readFile(RECORDING, 'utf8')).split('\n').filter(Boolean).slice(0, 60);
    agent = startAgent((gateway.address() as AddressInfo).port, 200);
    await agent.waitForConnect();
    await until(() => bus.length === 1, 'gateway connected');
    bus[0].write(`${lines.join('\n')}\n`);
    const expected = lines.map((line) => line.slice(0, line.indexOf(',')));
    const timestamps = () => cloud.messages.filter((m) => m.topic === DELTA).flatMap((m) => m.payload.updates.map((u: any) => u.timestamp));
    await cloud.until(() => expected.every((at) => timestamps().includes(at)), 'every reading');
    expect(cloud.messages.filter((m) => m.topic === DELTA).length).toBeLessThan(10);
  });

  it('with rate limits, sends a fraction of a burst and still ends with the latest value of every path', async () => {
    const lines = (await readFile(RECORDING, 'utf8')).split('\n').filter(Boolean);
    const limits = parseLimitsFile(JSON.stringify({ rules: [{ path: '*', interval: 0.5, deadband: 0.01 }], keepAlive: 1 }));
    agent = startAgent((gateway.address() as AddressInfo).port, 0, limits);
    await agent.waitForConnect();
    await until(() => bus.length === 1, 'gateway connected');
    bus[0].write(`${lines.join('\n')}\n`);

    const read: SignalKDelta[] = [];
    for await (const delta of readLog(RECORDING, n2kDecoder())) read.push(delta);
    const latest = valuesOf(read);
    const sent = () => cloud.messages.filter((m) => m.topic === DELTA).map((m) => m.payload as SignalKDelta);
    await cloud.until(() => [...latest].every(([path, value]) => JSON.stringify(valuesOf(sent()).get(path)) === JSON.stringify(value)), 'latest of every path');
    const count = (deltas: SignalKDelta[]) => deltas.reduce((n, d) => n + d.updates.reduce((m, u) => m + u.values.length, 0), 0);
    expect(count(sent())).toBeLessThan(count(read) / 5);
  });
});
