/**
 * Cluster mode (docs/scaling.md): two real server processes on one PostgreSQL database and one
 * Redis, on different ports, are one product. A bridge connected to node B is seen live by a
 * browser's stream on node A; a command sent through A completes on B; a pairing ended through A
 * leaves nothing of itself in what B keeps of its bridge; when B dies (SIGKILL) its bridge goes
 * offline once B's presence runs out, and comes back online on A when it reconnects.
 *
 * Needs the local PostgreSQL and Redis (.ci/run makes sure of both); skipped, saying why, without them.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import knexFactory from 'knex';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BRIDGES } from '../../fixtures/bridges.js';
import type { PutRequest, PutResponse } from '../../src/mqtt/protocol.js';
import { openLiveAt } from '../devices/live-stream.js';
import { lastMailTo, linkToken } from '../helpers/mail.js';
import { createTestDatabase, LOCAL_POSTGRES, type TestDatabase } from '../helpers/db.js';
import { startRunningServer, type ServerProcess } from '../helpers/process.js';
import { DEMO_PASSWORD } from '../helpers/server.js';
import { answerPuts, delta, eventually, publishInventory } from '../mqtt/helpers.js';

const POSTGRES = process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES;
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why the cluster cannot be tested here, or null when PostgreSQL and Redis both answer. */
async function unavailable(): Promise<string | null> {
  const redis = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return `no Redis at ${REDIS}`;
  } finally {
    redis.disconnect();
  }
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

const reason = await unavailable();
if (reason) console.warn(`tests/cluster/two-nodes.test.ts skipped: ${reason} (cluster mode needs both; .ci/run starts them)`);

/** Every key and channel of this run starts with this, so parallel runs on one Redis never meet. */
const PREFIX = `vl-test-${process.pid}-${randomBytes(4).toString('hex')}`;
/** Sea Breeze's demo bridge, with its published secret. */
const BRIDGE = DEMO_BRIDGES.find((b) => b.vesselName === 'Sea Breeze')!;
const SERIAL = BRIDGE.serial;
const LIGHTS = 'electrical.switches.bank.0.1.state';

let database: TestDatabase;
let nodeA: ServerProcess;
let nodeB: ServerProcess;
const clients: MqttClient[] = [];

async function api(node: ServerProcess, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${node.port}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: any } };
}

const login = async (node: ServerProcess, email: string) =>
  (await api(node, 'POST', '/api/auth/login', { username: email, password: DEMO_PASSWORD })).body.data.token as string;

async function connectBridge(node: ServerProcess): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${node.mqttPort}`, {
    clientId: SERIAL,
    username: SERIAL,
    password: BRIDGE.secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  client.on('error', () => {});
  clients.push(client);
  return client;
}

/** Answers every PUT as a device on board would: PENDING, COMPLETED, then the new value read back. */
const obey = (request: PutRequest): PutResponse[] => [
  { requestId: request.requestId, state: 'PENDING', statusCode: 202 },
  { requestId: request.requestId, state: 'COMPLETED', statusCode: 200 },
];

describe.skipIf(reason !== null)('two server nodes on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    database = await createTestDatabase('postgres', true, POSTGRES);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: REDIS,
      REDIS_PREFIX: PREFIX,
      CLUSTER_PRESENCE_SECONDS: '2',
      DEMO: 'on',
      DEMO_BRIDGES: '0',
      // Every node signs sessions and checks bridge secrets with the same secret (docs/scaling.md).
      SESSION_SECRET: randomBytes(32).toString('hex'),
    };
    // One after the other: the first loads the demo data into the empty database.
    nodeA = await startRunningServer(env);
    nodeB = await startRunningServer(env);
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.end(true);
    for (const node of [nodeA, nodeB]) if (node && node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
    await Promise.all([nodeA?.exited, nodeB?.exited]);
    await database?.drop();
    const redis = new Redis(REDIS);
    for await (const keys of redis.scanStream({ match: `${PREFIX}*`, count: 1000 }) as AsyncIterable<string[]>) if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }, 60_000);

  it('ends a session on every node at once: signed out on node A, refused on node B that had it in memory', async () => {
    const crew = await login(nodeA, 'crew@demo.test');
    expect((await api(nodeB, 'POST', '/api/auth/checkSession', {}, crew)).status).toBe(200);
    expect((await api(nodeA, 'POST', '/api/auth/logout', undefined, crew)).status).toBe(200);
    await eventually(async () => (await api(nodeB, 'POST', '/api/auth/checkSession', {}, crew)).status === 401, 'the session refused on node B', 1000);
  });

  it('ends a pairing through node A while node B holds the bridge: B keeps nothing of it, and the next pairing starts clean', async () => {
    const admin = await login(nodeA, 'admin@demo.test');
    const owner = await login(nodeA, 'owner@demo.test');
    const owner2 = await login(nodeA, 'owner2@demo.test');
    const provisioned = (await api(nodeA, 'POST', '/api/admin/reportingClients', { serial: 'BR-CLUSTER-REPAIR' }, admin)).body.data;
    const pairOn = async (token: string, name: string, pairingCode: string) => {
      const vesselId = (await api(nodeA, 'POST', '/api/vessel/create', { name }, token)).body.data.id as number;
      expect((await api(nodeA, 'POST', `/api/vessel/${vesselId}/pair?pairingCode=${pairingCode}`, undefined, token)).status).toBe(200);
      return vesselId;
    };
    const first = await pairOn(owner, 'Pelican', provisioned.pairingCode);

    // On node B, the bridge answers snapshot requests with what it holds at the time.
    let voltage = 12.7;
    const serial = provisioned.serial as string;
    const onB = await mqtt.connectAsync(`mqtt://127.0.0.1:${nodeB.mqttPort}`, {
      clientId: serial,
      username: serial,
      password: provisioned.secret,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    clients.push(onB);
    await publishInventory(onB, serial);
    await onB.subscribeAsync(`bridges/${serial}/admin`, { qos: 1 });
    onB.on('message', (topic) => {
      if (topic !== `bridges/${serial}/admin`) return;
      void onB.publishAsync(`bridges/${serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: voltage }]), { qos: 1 }).catch(() => {});
    });
    const send = (values: Parameters<typeof delta>[0]) => onB.publishAsync(`bridges/${serial}/delta`, delta(values), { qos: 1 });
    await send([{ path: 'notifications.propulsion.main.overTemperature', value: { state: 'alarm', message: 'Engine over temperature' } }]);
    const alerts = async (vesselId: number, token: string) =>
      (await api(nodeA, 'GET', `/api/vessel/${vesselId}/alerts`, undefined, token)).body.data as unknown[];
    await eventually(async () => (await alerts(first, owner)).length === 1, 'the alarm raised through node B');

    expect((await api(nodeA, 'POST', `/api/vessel/${first}/unlinkClient`, undefined, owner)).status).toBe(200);
    const code = linkToken((await lastMailTo(database.db, 'owner@demo.test', /confirmation code/))!.text!, /\n\n([A-Z0-9]{8})\n\n/);
    expect((await api(nodeA, 'POST', `/api/vessel/${first}/completeClientUnlink?code=${code}`, undefined, owner)).status).toBe(200);

    // Node B stores what the bridge sends now against the bridge anew: the series it knew went with the pairing.
    await send([{ path: 'electrical.batteries.house.voltage', value: 12.3 }]);
    const stored = await database
      .db('value_series')
      .join('bridges', 'bridges.id', 'value_series.bridge_id')
      .where({ serial, path: 'electrical.batteries.house.voltage' })
      .select('value_series.value');
    expect(stored.map((row: { value: string }) => JSON.parse(row.value))).toEqual([12.3]);

    voltage = 12.5;
    const fresh = (await api(nodeA, 'PUT', `/api/admin/reportingClients/${provisioned.id}`, { newPairingCode: true }, admin)).body.data.pairingCode;
    const next = await pairOn(owner2, 'Osprey', fresh);
    const value = async () =>
      ((await api(nodeA, 'GET', `/api/vessel/${next}/devices`, undefined, owner2)).body.data as Array<{ properties: Array<{ path: string; value: unknown }> }>)
        .flatMap((d) => d.properties)
        .find((p) => p.path === 'electrical.batteries.house.voltage')?.value;
    await eventually(async () => (await value()) === 12.5, 'the snapshot node A asked of the bridge on node B');
    expect(await alerts(next, owner2)).toEqual([]);
  }, 60_000);

  it('shows node B’s bridge live on node A, completes A’s command on B, and moves the bridge to A when B dies', async () => {
    const owner = await login(nodeA, 'owner@demo.test');
    const vessel = await database.db('vessels').where({ name: BRIDGE.vesselName }).first('id');
    const bridge = await database.db('bridges').where({ serial: SERIAL }).first('id');
    const online = async (node: ServerProcess) =>
      (await api(node, 'GET', `/api/vessel/vesselOnline?vesselId=${vessel.id}`, undefined, owner)).body.data.online as boolean;

    // The browser's stream is on node A, the bridge on node B.
    const live = await openLiveAt(`http://127.0.0.1:${nodeA.port}`, vessel.id, owner);
    const onB = await connectBridge(nodeB);
    await publishInventory(onB, SERIAL);
    const puts = await answerPuts(onB, SERIAL, obey);
    await eventually(() => online(nodeA), 'the bridge online as node A sees it');
    expect((await live.next('online')).online).toBe(true);

    await onB.publishAsync(`bridges/${SERIAL}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12.7 }]), { qos: 1 });
    await eventually(
      () => live.events.some((e) => e.event === 'batch' && e.data.values.some((v: { path: string; value: unknown }) => v.value === 12.7)),
      'node B’s values on node A’s live stream',
    );

    const lights = await eventually(() => database.db('device_properties').where({ bridge_id: bridge.id, path: LIGHTS }).first('id'), 'the inventory stored');
    const command = await api(nodeA, 'POST', `/api/vessel/${vessel.id}/sendCommand`, { deviceProperty: lights.id, value: 1 }, owner);
    expect(command.body.data).toMatchObject({ state: 'CONFIRMED', statusCode: 200, value: 1 });
    expect(puts.map((p) => p.requestId)).toEqual([command.body.data.requestId]);

    // Node B dies: nobody tells anyone. Its presence runs out and node A takes the bridge offline.
    const closed = new Promise<void>((resolve) => onB.once('close', () => resolve()));
    nodeB.child.kill('SIGKILL');
    await nodeB.exited;
    await closed;
    await eventually(async () => !(await online(nodeA)), 'the bridge offline after node B died', 30_000);
    await eventually(() => live.events.some((e) => e.event === 'online' && e.data.online === false), 'the offline event on node A’s stream');

    // The bridge reconnects, to node A this time.
    const onA = await connectBridge(nodeA);
    await answerPuts(onA, SERIAL, obey);
    await eventually(() => online(nodeA), 'the bridge back online on node A');
    const again = await api(nodeA, 'POST', `/api/vessel/${vessel.id}/sendCommand`, { deviceProperty: lights.id, value: 1 }, owner);
    expect(again.body.data).toMatchObject({ state: 'CONFIRMED' });
    live.close();
  }, 120_000);
});
