/**
 * The operator's figures: `GET /metrics` refuses without its token and, with it, answers every
 * figure docs/operations.md lists, moved by real bridge traffic.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge } from '../mqtt/helpers.js';

const TOKEN = 'metrics-token-for-the-tests-0123';
let t: TestServer;
let client: MqttClient;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true, env: { METRICS_TOKEN: TOKEN } });
  const admin = await t.login('admin@demo.test');
  const bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-METRICS');
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

const scrape = (authorization?: string) => t.call('GET', '/metrics', authorization ? { headers: { authorization } } : {});

/** The value of one sample line, e.g. `vessel_link_values_ingested_total`. */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(name + ' ') || l.startsWith(name + '{'));
  if (!line) throw new Error(`no sample ${name}`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

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
      'vessel_link_group_commit_messages',
      'vessel_link_group_commit_seconds',
      'vessel_link_puback_lag_seconds',
      'vessel_link_commands_total',
      'vessel_link_command_round_trip_seconds',
      'vessel_link_live_streams_open',
      'vessel_link_http_requests_total',
      'vessel_link_alarms_raised_total',
      'vessel_link_notifications_sent_total',
      'vessel_link_database_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
    expect(sample(text, 'vessel_link_bridges_connected')).toBe(1);
    expect(sample(text, 'vessel_link_messages_ingested_total')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'vessel_link_values_ingested_total')).toBeGreaterThanOrEqual(6);
    expect(sample(text, 'vessel_link_group_commit_messages_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'vessel_link_puback_lag_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'vessel_link_database_bytes')).toBeGreaterThan(0);
    // Requests are counted by route pattern and status, the refused scrapes among them.
    expect(text).toMatch(/vessel_link_http_requests_total\{method="GET",route="\/metrics",status="401"\} [1-9]/);
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
