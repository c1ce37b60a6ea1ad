/**
 * What the server keeps in memory between requests (docs/decisions.md, "Request caches"): a change
 * made through the API counts at once; a change written straight into the database, as the admin
 * CLI does, counts once the caches' bound has passed; the device list follows new values and turns
 * values stale with time; a vessel's bridge is shown online or offline as it connects or goes; a
 * client that accepts gzip gets the same list compressed.
 */
import { gunzipSync } from 'node:zlib';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSIONS } from '../../contracts/permissions.js';
import { ACCESS_CACHE } from '../../src/modules/access/api.js';
import { UNLEARNED_STALE_MS } from '../../src/modules/telemetry/stale.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';

let t: TestServer;
let owner: string;
let crew: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  t.server.app.ctx.clock.set(Date.now());
  const admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  crew = await t.login('crew@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-CACHES');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

const devicesOf = (token: string, headers: Record<string, string> = {}) => t.call('GET', `/api/vessel/${bridge.vesselId}/devices`, { token, headers });
const voltage = async () =>
  (await devicesOf(owner)).body.data
    .flatMap((d: { properties: Array<{ path: string }> }) => d.properties)
    .find((p: { path: string }) => p.path === 'electrical.batteries.house.voltage');

describe('access', () => {
  it('counts a change written behind the server only once the bound has passed, and one made through the API at once', async () => {
    expect((await devicesOf(crew)).status).toBe(200);
    const member = () => t.database.db('vessel_members').where({ vessel_id: bridge.vesselId }).whereNotNull('user_id');
    const original = (await member().first()).permissions;
    await member().update({ permissions: JSON.stringify({ ...NO_PERMISSIONS, alertManager: 'VIEW' }) });
    expect((await devicesOf(crew)).status).toBe(200);
    t.server.app.ctx.clock.advance(ACCESS_CACHE.ttlMs + 1);
    expect((await devicesOf(crew)).status).toBe(403);

    await member().update({ permissions: original });
    t.changedBehindTheServersBack();
    expect((await devicesOf(crew)).status).toBe(200);
  });

  it('ends a session at once on logout', async () => {
    const session = await t.login('crew@demo.test');
    expect((await devicesOf(session)).status).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', { token: session })).status).toBe(200);
    expect((await devicesOf(session)).status).toBe(401);
  });
});

describe("a vessel's bridge", () => {
  it('is shown offline and online again as soon as the bridge goes and comes back, with the clock standing still', async () => {
    const online = async () => (await t.call('GET', `/api/vessel/vesselOnline?vesselId=${bridge.vesselId}`, { token: crew })).body.data.online as boolean;
    expect(await online()).toBe(true);
    await client.endAsync();
    await eventually(async () => !(await online()), 'the bridge shown offline');
    client = await connectBridge(t, bridge);
    await eventually(online, 'the bridge shown online again');
  });
});

describe('the device list', () => {
  it('shows a new value as soon as it is stored, and marks it stale once it is old, without another request to the bridge', async () => {
    const measured = new Date(t.server.app.ctx.clock.now()).toISOString();
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12.9 }], { timestamp: measured }), {
      qos: 1,
    });
    expect(await voltage()).toMatchObject({ value: 12.9, stale: false });
    t.server.app.ctx.clock.advance(UNLEARNED_STALE_MS);
    expect((await voltage()).stale).toBe(false);
    t.server.app.ctx.clock.advance(1);
    expect((await voltage()).stale).toBe(true);
  });

  it('sends the same list gzipped to a client that accepts it', async () => {
    const plain = await devicesOf(owner);
    const zipped = await t.server.inject({
      method: 'GET',
      url: `/api/vessel/${bridge.vesselId}/devices`,
      headers: { authorization: `Bearer ${owner}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.body);
  });
});
