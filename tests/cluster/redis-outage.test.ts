/**
 * Redis blinks under two nodes (docs/scaling.md, "While Redis is away"; docs/operations.md,
 * "Faults"): a Redis of the test's own, on a free port, is shut down (`SHUTDOWN NOSAVE`, as an
 * operator's `redis-cli shutdown nosave`) for 1 s and for 30 s while a bridge on node B streams.
 * Neither node exits or stops answering `/api/health/live`; each logs the loss and the return;
 * once Redis is back a command from node A reaches the bridge on node B and is CONFIRMED, and
 * every value the bridge had acknowledged is stored.
 *
 * Needs the local PostgreSQL and redis-server (.ci/run installs and starts both); skipped, saying why, without them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BRIDGES } from '../../fixtures/bridges.js';
import { samplesOf, storedChunks } from '../../src/modules/telemetry/history-repository.js';
import type { PutRequest, PutResponse } from '../../src/mqtt/protocol.js';
import { createTestDatabase, LOCAL_POSTGRES, type TestDatabase } from '../helpers/db.js';
import { freePort, startRunningServer, type ServerProcess } from '../helpers/process.js';
import { DEMO_PASSWORD } from '../helpers/server.js';
import { answerPuts, delta, eventually, publishInventory } from '../mqtt/helpers.js';

const POSTGRES = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES;

async function unavailable(): Promise<string | null> {
  if (spawnSync('redis-server', ['--version']).status !== 0) return 'no redis-server on PATH';
  const pg = knexFactory({ client: 'pg', connection: POSTGRES, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 3000 });
  try {
    await pg.raw('select 1');
  } catch {
    return `no PostgreSQL at ${POSTGRES}`;
  } finally {
    await pg.destroy();
  }
  return null;
}

// Its nodes run on PostgreSQL whichever pass runs it: `npm test` (the SQLite pass) runs it once,
// and the PostgreSQL pass of .ci/run leaves it out rather than spend another 80 s on the same run.
const reason = process.env.TEST_DATABASE_URL ? 'ran in the SQLite pass already (its nodes use PostgreSQL either way)' : await unavailable();
if (reason) console.warn(`tests/cluster/redis-outage.test.ts skipped: ${reason}`);

const BRIDGE = DEMO_BRIDGES.find((b) => b.vesselName === 'Sea Breeze')!;
const SERIAL = BRIDGE.serial;
const LIGHTS = 'electrical.switches.bank.0.1.state';
const VOLTAGE = 'electrical.batteries.house.voltage';

let database: TestDatabase;
let redisPort: number;
let redis: ChildProcess | null = null;
let nodeA: ServerProcess;
let nodeB: ServerProcess;
let bridge: MqttClient;
let owner: string;
let vesselId: number;
let bridgeId: number;
/** Values the broker acknowledged (PUBACK), by value. */
const acknowledged = new Set<number>();
let next = 1000;
let streaming = false;

async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await eventually(
    () =>
      spawnSync('redis-cli', ['-p', String(redisPort), 'ping'])
        .stdout?.toString()
        .trim() === 'PONG',
    'redis-server answering',
    10_000,
  );
}

async function shutdownRedis(): Promise<void> {
  const stopped = new Promise((resolve) => redis!.once('exit', resolve));
  spawnSync('redis-cli', ['-p', String(redisPort), 'shutdown', 'nosave']);
  await stopped;
  redis = null;
}

async function api(node: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: any } };
}

/** Polls both nodes' liveness every 100 ms while `during` runs; answers every status seen. */
async function livenessDuring(during: () => Promise<void>): Promise<number[]> {
  const statuses: number[] = [];
  let done = false;
  const poll = (async () => {
    while (!done) {
      for (const node of [nodeA, nodeB])
        statuses.push(
          await fetch(`http://127.0.0.1:${node.port}/api/health/live`).then(
            (r) => r.status,
            () => 0,
          ),
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    await during();
  } finally {
    done = true;
    await poll;
  }
  return statuses;
}

/** Publishes a value every 50 ms while streaming, noting what the broker acknowledged. */
function stream(): Promise<void> {
  streaming = true;
  return (async () => {
    while (streaming) {
      const value = next++;
      await bridge.publishAsync(`bridges/${SERIAL}/delta`, delta([{ path: VOLTAGE, value }]), { qos: 1 }).then(
        () => acknowledged.add(value),
        () => {},
      );
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
}

const obey = (request: PutRequest): PutResponse[] => [
  { requestId: request.requestId, state: 'PENDING', statusCode: 202 },
  { requestId: request.requestId, state: 'COMPLETED', statusCode: 200 },
];

describe.skipIf(reason !== null)('Redis shut down under two nodes', () => {
  beforeAll(async () => {
    redisPort = await freePort();
    await startRedis();
    database = await createTestDatabase('postgres', true, POSTGRES);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_PREFIX: `vl-outage-${randomBytes(4).toString('hex')}`,
      CLUSTER_PRESENCE_SECONDS: '2',
      DEMO: 'on',
      DEMO_BRIDGES: '0',
      SESSION_SECRET: randomBytes(32).toString('hex'),
    };
    nodeA = await startRunningServer(env);
    nodeB = await startRunningServer(env);
    owner = (await api(nodeA, 'POST', '/api/auth/login', { username: 'owner@demo.test', password: DEMO_PASSWORD })).body.data.token;
    vesselId = (await database.db('vessels').where({ name: BRIDGE.vesselName }).first('id')).id;
    bridgeId = (await database.db('bridges').where({ serial: SERIAL }).first('id')).id;
    bridge = await mqtt.connectAsync(`mqtt://127.0.0.1:${nodeB.mqttPort}`, {
      clientId: SERIAL,
      username: SERIAL,
      password: BRIDGE.secret,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    bridge.on('error', () => {});
    await publishInventory(bridge, SERIAL);
    await answerPuts(bridge, SERIAL, obey);
  }, 120_000);

  afterAll(async () => {
    streaming = false;
    bridge?.end(true);
    for (const node of [nodeA, nodeB]) if (node && node.child.exitCode === null) node.child.kill('SIGKILL');
    await Promise.all([nodeA?.exited, nodeB?.exited]);
    await database?.drop();
    redis?.kill('SIGKILL');
  }, 60_000);

  /** A command from node A to the bridge on node B, CONFIRMED. */
  async function commandConfirmed(): Promise<boolean> {
    const lights = await database.db('device_properties').where({ bridge_id: bridgeId, path: LIGHTS }).first('id');
    if (!lights) return false;
    const sent = await api(nodeA, 'POST', `/api/vessel/${vesselId}/sendCommand`, { deviceProperty: lights.id, value: 1 }, owner);
    return sent.body.data?.state === 'CONFIRMED';
  }

  for (const outageMs of [1000, 30_000])
    it(`rides out ${outageMs / 1000} s without Redis: both nodes live throughout, A's command confirmed on B within 30 s of its return, every acknowledged value stored`, async () => {
      await eventually(commandConfirmed, 'a command confirmed before the outage', 30_000);
      const streamed = stream();
      const statuses = await livenessDuring(async () => {
        await shutdownRedis();
        await new Promise((r) => setTimeout(r, outageMs));
        await startRedis();
        const back = Date.now();
        await eventually(commandConfirmed, "node A's command confirmed on node B after Redis returned", 30_000);
        const recoveredMs = Date.now() - back;
        if (process.env.FAULT_FIGURES) console.info(`Redis ${outageMs / 1000} s away: command confirmed ${recoveredMs} ms after its return`);
        expect(recoveredMs).toBeLessThan(30_000);
      });
      streaming = false;
      await streamed;
      expect(nodeA.child.exitCode).toBeNull();
      expect(nodeB.child.exitCode).toBeNull();
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      for (const node of [nodeA, nodeB]) {
        expect(node.stdout()).toContain('Redis connection lost');
        expect(node.stdout()).toContain('Redis connection back');
      }
      // What the bridge was told is stored, is.
      const series = await database.db('value_series').where({ bridge_id: bridgeId, path: VOLTAGE }).first('id');
      const chunks = await storedChunks(database.db, series.id, 0, Number.MAX_SAFE_INTEGER, 0);
      const stored = new Set(chunks.flatMap((chunk) => samplesOf(chunk).map(([, value]) => Number(value))));
      const lost = [...acknowledged].filter((v) => !stored.has(v));
      expect({ acknowledged: acknowledged.size, lost }).toEqual({ acknowledged: acknowledged.size, lost: [] });
    }, 120_000);
});
