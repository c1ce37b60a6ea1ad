/**
 * The agent never gives up on the real server (issue 42): while the server refuses CONNECTs (CONNACK
 * "server unavailable", its answer when its database does not answer the credentials check, or
 * "not authorized" after a secret rotation) the agent keeps trying with its backoff, queues on
 * disk what its Signal K server streams, and once accepted again delivers every queued value.
 *
 * The refusal is the server's own: its authenticate hook answers "server unavailable" when the
 * authenticator fails (src/mqtt/hooks.ts) and "not authorized" when it finds no bridge; the test
 * makes the authenticator fail, or find nothing, for a while, as a database outage or a rotated
 * secret would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../../bridge/agent';
import { signalKAddress } from '../../bridge/sources/signalk';
import { NO_LIMITS } from '../../bridge/limits';
import { readStatus } from '../../bridge/status';
import type { Authenticator } from '../../src/mqtt/broker';
import { silentLogger, type Logger } from '../../bridge/client/logger';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { eventually, mqttUrl, pairedBridge, storedHistory, type TestBridge } from '../mqtt/helpers.js';
import { type FakeSignalK, startSignalK } from './signalk-server';

const SELF = 'vessels.urn:mrn:imo:mmsi:230099998';
const PATH = 'environment.water.temperature';
/** Short waits so that the test takes seconds; the cap is what "back within the cap" is measured against. */
const RECONNECT = { reconnectMs: 100, reconnectMaxMs: 1000 };

let t: TestServer;
let bridge: TestBridge & { vesselId: number };
let signalk: FakeSignalK;
let queueDir: string;
let agent: Agent | undefined;
/** What the server's authenticator answers meanwhile: as usual, a failure (database down) or nobody (secret rotated). */
let refusal: 'none' | 'database down' | 'secret rotated' = 'none';

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-RECONNECT');
  const broker = t.server.plugins.mqtt.api;
  // The bridges module's authenticator, kept by the broker (private: the test reaches behind it).
  const authenticate = (broker as unknown as { authenticator: Authenticator }).authenticator;
  broker.authenticateWith(async (serial, secret) => {
    if (serial === bridge.serial && refusal === 'database down') throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    if (serial === bridge.serial && refusal === 'secret rotated') return null;
    return authenticate(serial, secret);
  });
  signalk = await startSignalK({ self: SELF });
});

afterEach(async () => {
  await agent?.stop();
  agent = undefined;
  refusal = 'none';
  await rm(queueDir, { recursive: true, force: true });
});

afterAll(async () => {
  await signalk.close();
  await t.close();
});

function startAgent(logger: Logger = silentLogger, extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}): Agent {
  return new Agent({
    mqttUrl: mqttUrl(t),
    serial: bridge.serial,
    secret: bridge.secret,
    version: '2.0.1',
    signalk: { address: signalKAddress(signalk.url)! },
    queue: { directory: queueDir, maxBytes: 10 * 1024 * 1024, maxAgeMs: 3_600_000 },
    logger,
    limits: NO_LIMITS,
    batchMs: 0,
    ...RECONNECT,
    ...extra,
  }).start();
}

/** Streams one water temperature every 20 ms, each with its own timestamp; answers how many were sent. */
function stream(start = Date.now() - 3_600_000): { stop(): number } {
  let sent = 0;
  const timer = setInterval(() => {
    sent += 1;
    signalk.send({
      context: SELF,
      updates: [{ $source: 'n2k.35', timestamp: new Date(start + sent * 1000).toISOString(), values: [{ path: PATH, value: 280 + sent / 100 }] }],
    });
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return sent;
    },
  };
}

/** How many distinct measurement times are stored, of those from `fromMs` on. */
const storedTimes = async (fromMs = 0) => new Set((await storedHistory(t, bridge.id, PATH)).map((sample) => sample.tsMs).filter((ts) => ts >= fromMs)).size;

describe('the agent while the server refuses it', () => {
  it('keeps trying through a database outage ("server unavailable"), then delivers every value it queued', async () => {
    queueDir = await mkdtemp(join(tmpdir(), 'agent-reconnect-'));
    const lines: string[] = [];
    const logger: Logger = { error: (m) => lines.push(m), warn: (m) => lines.push(m), info: (m) => lines.push(m), debug: () => {} };
    const streamsBefore = signalk.streams;
    const running = startAgent(logger);
    agent = running;
    await running.waitForConnect();
    await eventually(() => signalk.streams > streamsBefore, 'the Signal K stream open');
    const values = stream();
    await eventually(async () => (await storedTimes()) >= 5, 'values stored before the outage');

    refusal = 'database down';
    t.server.plugins.mqtt.api.disconnect(bridge.serial);
    await eventually(() => !running.connected, 'the link down');
    await eventually(() => running.queue.length >= 20, 'values queued on disk during the outage');
    await eventually(() => running.stats.connects === 1 && running.connection.link.failures >= 4, 'four refused attempts');
    const link = running.connection.link;
    expect(link).toMatchObject({ state: 'waiting', lastError: 'Connection refused: Server unavailable' });
    expect(link.nextAttemptMs).toBeLessThanOrEqual(RECONNECT.reconnectMaxMs);
    // The status file says the same, for `vessel-link-bridge status`.
    await eventually(() => readStatus(queueDir)?.link.lastError === 'Connection refused: Server unavailable', 'the status file');
    expect(readStatus(queueDir)?.queue.deltas).toBeGreaterThan(0);

    refusal = 'none';
    // Back within the backoff's cap (1 s here), with room for a busy machine.
    await eventually(() => running.connected, 'the agent back', RECONNECT.reconnectMaxMs + 10_000);
    const sent = values.stop();
    await eventually(() => running.queue.length === 0, 'the queue drained');
    await eventually(async () => (await storedTimes()) === sent, `all ${sent} values stored`, 15_000);
    expect(readStatus(queueDir)?.link.state).toBe('connected');

    // One line for the lost link and one per refused attempt, each with its wait, and one when it is back.
    const attempts = lines.filter((line) =>
      /connection (failed|attempt \d+ failed) \(Connection refused: Server unavailable\); next attempt in \d+\.\d s$/.test(line),
    );
    const back = lines.map((line) => / reconnected after (\d+) failures$/.exec(line)).find(Boolean);
    // The server closing the link reads as the socket saw it: closed, reset or ended by the other party.
    expect(
      lines.filter((line) => / disconnected \([^)]+\); next attempt in \d+\.\d s$/.test(line)),
      lines.join('\n'),
    ).toHaveLength(1);
    expect(attempts.length + 1).toBe(Number(back?.[1]));
  }, 60_000);

  it('refused for 30 s with its own backoff (1 s doubling, capped at 60 s): back within 60 s after, every queued value stored', async () => {
    queueDir = await mkdtemp(join(tmpdir(), 'agent-reconnect-'));
    // The agent as shipped: no short waits.
    const running = startAgent(silentLogger, { reconnectMs: undefined, reconnectMaxMs: undefined });
    agent = running;
    await running.waitForConnect();
    // Measured from 50 minutes ago at one a second (within the queue's hour), after every earlier test's values.
    const start = Date.now() - 3_000_000;
    const values = stream(start);
    await eventually(async () => (await storedTimes(start)) >= 5, 'values stored before the refusal');
    refusal = 'database down';
    // Dropped by the server (again, should the broker still have been closing an earlier test's link).
    await eventually(() => {
      if (running.connected) t.server.plugins.mqtt.api.disconnect(bridge.serial);
      return !running.connected;
    }, 'the link down');
    // 30 s of CONNACK "server unavailable" while the Signal K server keeps streaming.
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    expect(running.connected).toBe(false);
    expect(running.connection.link.lastError).toBe('Connection refused: Server unavailable');
    expect(running.queue.length).toBeGreaterThan(0);
    refusal = 'none';
    const acceptedAt = Date.now();
    await eventually(() => running.connected, 'the agent back', 60_000);
    expect(Date.now() - acceptedAt).toBeLessThanOrEqual(60_000);
    const sent = values.stop();
    await eventually(() => running.queue.length === 0, 'the queue drained', 30_000);
    await eventually(async () => (await storedTimes(start)) === sent, `all ${sent} values stored`, 30_000);
    expect(running.queue.dropped).toBe(0);
  }, 180_000);

  it('keeps trying after "not authorized" (a rotated secret), with the longer wait, and connects once the secret is accepted', async () => {
    queueDir = await mkdtemp(join(tmpdir(), 'agent-reconnect-'));
    refusal = 'secret rotated';
    const running = startAgent(silentLogger, { refusedReconnectMs: 400 });
    agent = running;
    await eventually(() => running.connection.link.failures >= 2, 'two refused attempts', 5000);
    const link = running.connection.link;
    expect(link).toMatchObject({ state: 'waiting', lastError: 'Connection refused: Not authorized' });
    // The credentials' wait (400 ms here, 30 to 40 s by default), not the 100 ms one.
    expect(link.nextAttemptMs).toBeGreaterThanOrEqual(0.75 * 400);

    refusal = 'none';
    await eventually(() => running.connected, 'connected once the secret is accepted', 5000);
  });
});

describe("the agent reading the Signal K server's model", () => {
  it('delivers values the server holds but never streams, with their units, on connect and on every reopening of the stream', async () => {
    queueDir = await mkdtemp(join(tmpdir(), 'agent-model-'));
    const model = (transducerToKeel: number) => ({
      name: 'Sea Breeze',
      navigation: { magneticVariation: { value: 0.0523, $source: 'n2k.3', timestamp: new Date().toISOString(), meta: { units: 'rad' } } },
      environment: {
        water: { temperature: { value: 291.4, $source: 'n2k.35', timestamp: new Date().toISOString(), meta: { units: 'K' } } },
        depth: { transducerToKeel: { value: transducerToKeel, $source: 'defaults', timestamp: new Date().toISOString(), meta: { units: 'm' } } },
      },
    });
    signalk.model = model(0.6);
    const reads = signalk.modelReads;
    // Typed as a user would, a stream address: the model is read over http from it.
    agent = startAgent(silentLogger, { signalk: { address: signalKAddress(`ws://127.0.0.1:${signalk.port}`)! } });
    await agent.waitForConnect();
    const current = async (path: string) => {
      const row = await t.database.db('value_series').where({ bridge_id: bridge.id, path }).first();
      return row ? JSON.parse(row.value) : undefined;
    };
    await eventually(async () => (await current('environment.depth.transducerToKeel')) === 0.6, 'transducer offset stored');
    expect(await current('navigation.magneticVariation')).toBe(0.0523);
    expect(await current('environment.water.temperature')).toBe(291.4);
    const units = async (path: string) => (await t.database.db('device_properties').where({ bridge_id: bridge.id, path }).first())?.units;
    await eventually(() => units('environment.depth.transducerToKeel'), 'the property described');
    expect([
      await units('navigation.magneticVariation'),
      await units('environment.water.temperature'),
      await units('environment.depth.transducerToKeel'),
    ]).toEqual(['rad', 'K', 'm']);
    expect(signalk.modelReads).toBe(reads + 1);

    // The Signal K server restarts: the agent reopens its stream and reads the model again.
    signalk.model = model(0.7);
    signalk.dropStreams();
    await eventually(async () => (await current('environment.depth.transducerToKeel')) === 0.7, 'the model read again', 15_000);
    expect(signalk.modelReads).toBe(reads + 2);
  }, 30_000);
});
