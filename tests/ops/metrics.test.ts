/**
 * The operator's figures: `GET /metrics` refuses without its token and, with it, answers every
 * figure docs/operations.md lists, moved by real bridge traffic, requests, alarms and a database
 * that holds everything up; in cluster mode, the state of each Redis connection.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolUse } from '../../src/db/knex.js';
import { connectRedis } from '../../src/platform/redis.js';
import { redisAvailable, redisSkipReason, TEST_REDIS_URL, uniquePrefix } from '../helpers/cluster-redis.js';
import { PushEndpoint } from '../helpers/push-endpoint.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge, provisionBridge, type TestBridge } from '../mqtt/helpers.js';

const TOKEN = 'metrics-token-for-the-tests-0123';
let t: TestServer;
let admin: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true, env: { METRICS_TOKEN: TOKEN } });
  admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-METRICS');
  client = await connectBridge(t, bridge);
  for (let i = 0; i < 3; i++)
    await client.publishAsync(
      `bridges/${bridge.serial}/delta`,
      delta([
        { path: 'environment.water.temperature', value: 290 + i },
        { path: 'tanks.fuel.main.currentLevel', value: 0.5 },
      ]),
      { qos: 1 },
    );
});
afterAll(async () => {
  await client?.endAsync();
  await t.close();
});

const scrape = (authorization?: string, server = t) => server.call('GET', '/metrics', authorization ? { headers: { authorization } } : {});
const figures = async (server = t) => String((await scrape(`Bearer ${TOKEN}`, server)).body);

/** The value of one sample line: the first of a name (`vessel_link_values_ingested_total`), or one series (`name{label="value"}`). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(series + ' ') || (!series.includes('{') && l.startsWith(series + '{')));
  if (!line) throw new Error(`no sample ${series}`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}
const sampleOr0 = (text: string, series: string) => (text.split('\n').some((l) => l.startsWith(series + ' ')) ? sample(text, series) : 0);

describe('GET /metrics', () => {
  it('refuses without the token, with a wrong one and with a prefix of the right one', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token-not-the-token')).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
  });

  it('answers every figure with the token', async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/plain');
    const text = String(res.body);
    for (const name of [
      'vessel_link_bridges_connected',
      'vessel_link_messages_ingested_total',
      'vessel_link_values_ingested_total',
      'vessel_link_ingest_store_failures_total',
      'vessel_link_group_commit_messages',
      'vessel_link_group_commit_seconds',
      'vessel_link_group_commit_queue_depth',
      'vessel_link_puback_lag_seconds',
      'vessel_link_commands_total',
      'vessel_link_command_round_trip_seconds',
      'vessel_link_live_streams_open',
      'vessel_link_http_requests_total',
      'vessel_link_http_request_duration_seconds',
      'vessel_link_alarms_raised_total',
      'vessel_link_alarm_notifications_total',
      'vessel_link_database_bytes',
      'vessel_link_database_pool_connections',
      'vessel_link_database_pool_max_connections',
      'vessel_link_database_pool_pending_acquires',
      'vessel_link_redis_up',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
    expect(sample(text, 'vessel_link_bridges_connected')).toBe(1);
    expect(sample(text, 'vessel_link_messages_ingested_total')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'vessel_link_values_ingested_total')).toBeGreaterThanOrEqual(6);
    expect(sample(text, 'vessel_link_group_commit_messages_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'vessel_link_group_commit_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'vessel_link_puback_lag_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'vessel_link_database_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'vessel_link_group_commit_queue_depth')).toBe(0);
    expect(sample(text, 'vessel_link_ingest_store_failures_total')).toBe(0);
    // Requests are counted by route pattern and status, the refused scrapes among them.
    expect(text).toMatch(/vessel_link_http_requests_total\{method="GET",route="\/metrics",status="401"\} [1-9]/);
  });

  it('times requests by route pattern and status', async () => {
    const owner = await t.login('owner@demo.test');
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}`, { token: owner })).status).toBe(200);
    expect((await t.call('GET', '/api/vessel/999999', { token: owner })).status).toBe(404);
    const text = await figures();
    const series = (status: number) => `{method="GET",route="/api/vessel/{id}",status="${status}"}`;
    expect(sample(text, `vessel_link_http_request_duration_seconds_count${series(200)}`)).toBe(1);
    expect(sample(text, `vessel_link_http_request_duration_seconds_count${series(404)}`)).toBe(1);
    expect(sample(text, `vessel_link_http_request_duration_seconds_sum${series(200)}`)).toBeGreaterThanOrEqual(0);
    expect(text).toContain(`vessel_link_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/vessel/{id}",status="200"} 1`);
  });

  it('counts a write of bridge messages that fails', async () => {
    const gone = await provisionBridge(t, admin, 'BR-METRICS-GONE');
    const doomed = await connectBridge(t, gone);
    try {
      // Deleted behind the running server's back, as the admin CLI does from its own process:
      // the next message of the bridge still connected cannot be stored.
      await t.database.db('bridges').where({ id: gone.id }).del();
      doomed.publish(`bridges/${gone.serial}/delta`, delta([{ path: 'environment.wind.speedApparent', value: 7.5 }]), { qos: 1 });
      await expect.poll(async () => sample(await figures(), 'vessel_link_ingest_store_failures_total')).toBeGreaterThanOrEqual(1);
    } finally {
      doomed.end(true);
    }
  });

  it('shows the group commit backlog and the pool in use while the database holds everything up', async () => {
    const { db } = t.database;
    const { max } = poolUse(db);
    // Every connection of the pool taken: the bridge's messages wait in the group commit.
    const held: unknown[] = await Promise.all(Array.from({ length: max }, () => db.client.acquireConnection()));
    const publishing: Array<Promise<unknown>> = [];
    try {
      for (let i = 0; i < 5; i++)
        publishing.push(client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'environment.water.temperature', value: 300 + i }]), { qos: 1 }));
      // The registry itself: a scrape would wait for the database too (its size).
      const gauge = async (name: string) => sample(await t.server.app.metrics.registry.getSingleMetricAsString(name), name);
      await expect.poll(() => gauge('vessel_link_group_commit_queue_depth')).toBe(5);
      await expect.poll(() => gauge('vessel_link_database_pool_pending_acquires')).toBeGreaterThanOrEqual(1);
      const pool = await t.server.app.metrics.registry.getSingleMetricAsString('vessel_link_database_pool_connections');
      expect(sample(pool, 'vessel_link_database_pool_connections{state="used"}')).toBe(max);
      expect(sample(pool, 'vessel_link_database_pool_connections{state="free"}')).toBe(0);
      expect(await gauge('vessel_link_database_pool_max_connections')).toBe(t.database.url.startsWith('postgres') ? 10 : 1);
    } finally {
      for (const connection of held) await db.client.releaseConnection(connection);
    }
    await Promise.all(publishing);
    const text = await figures();
    expect(sample(text, 'vessel_link_group_commit_queue_depth')).toBe(0);
    expect(sample(text, 'vessel_link_database_pool_pending_acquires')).toBe(0);
  });

  it('counts alarms raised, and their notices delivered and failed by channel', async () => {
    const owner = await t.login('owner@demo.test');
    // The owner's phone subscribes, then its push service goes away: pushing to it fails.
    const pushService = new PushEndpoint();
    await pushService.start();
    const phone = pushService.subscription();
    await pushService.close();
    const subscribed = await t.call('POST', '/api/profile/pushSubscriptions', { token: owner, payload: { ...phone, expirationTime: null, label: 'Phone' } });
    expect(subscribed.status).toBe(201);

    const before = await figures();
    const emailed = 'vessel_link_alarm_notifications_total{channel="email",outcome="delivered"}';
    const pushFailed = 'vessel_link_alarm_notifications_total{channel="push",outcome="failed"}';
    const raised = 'vessel_link_alarms_raised_total{priority="alarm"}';
    await client.publishAsync(
      `bridges/${bridge.serial}/delta`,
      delta([{ path: 'notifications.bilge.high', value: { state: 'alarm', message: 'Bilge water high' } }]),
      { qos: 1 },
    );
    await t.server.plugins.notifications.delivery.idle();
    await expect.poll(async () => sampleOr0(await figures(), pushFailed)).toBe(sampleOr0(before, pushFailed) + 1);
    const after = await figures();
    expect(sample(after, raised)).toBe(sampleOr0(before, raised) + 1);
    // Without SMTP_URL an e-mail is delivered to the outbox.
    expect(sample(after, emailed)).toBeGreaterThan(sampleOr0(before, emailed));
    expect(after).not.toContain('vessel_link_alarm_notifications_total{channel="push",outcome="delivered"}');
  });

  it('is off (404) when no token is configured', async () => {
    const bare = await createTestServer();
    try {
      expect((await bare.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

const redis = await redisAvailable();
redisSkipReason(redis);

describe.skipIf(!redis)('GET /metrics in cluster mode', () => {
  it('tells each Redis connection up while it is ready, down while it is not, and forgets it once closed', async () => {
    const node = await createTestServer({ env: { METRICS_TOKEN: TOKEN, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniquePrefix('metrics') } });
    // Nothing listens on port 1: the connection is refused, again and again.
    const unreachable = connectRedis('redis://127.0.0.1:1', 'metrics-test');
    try {
      await expect.poll(async () => sampleOr0(await figures(node), 'vessel_link_redis_up{connection="limits"}')).toBe(1);
      expect(sample(await figures(node), 'vessel_link_redis_up{connection="metrics-test"}')).toBe(0);
    } finally {
      unreachable.disconnect();
      await node.close();
    }
    expect(await figures()).not.toContain('connection="metrics-test"');
  });
});
