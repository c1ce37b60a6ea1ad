import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres } from '../../src/modules/geofence/distance.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';

const MONACO = { lat: 43.7347, lon: 7.4206 };
/** About 2.2 km south of the harbour entrance. */
const OFFSHORE = { latitude: 43.715, longitude: 7.4206 };
const INSIDE = { latitude: 43.7349, longitude: 7.4208 };

let t: TestServer;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, await t.login('admin@demo.test'), 'Sea Breeze', 'GEO-1');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
});
afterAll(async () => {
  await client?.endAsync();
  await t?.close();
});

const position = async (value: { latitude: number; longitude: number }, at: Date) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'navigation.position', value }], { timestamp: at.toISOString() }), { qos: 1 });

const geofenceAlert = async () => {
  const alerts = (await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token: owner })).body.data as Array<{
    path: string;
    state: string;
    message: string;
    clearedAt: string | null;
  }>;
  return alerts.find((a) => a.path === 'notifications.navigation.geofence') ?? null;
};

describe('the geofence watch', () => {
  it('measures distances on the globe', () => {
    expect(distanceMetres(MONACO, { lat: OFFSHORE.latitude, lon: OFFSHORE.longitude })).toBeGreaterThan(2100);
    expect(distanceMetres(MONACO, { lat: OFFSHORE.latitude, lon: OFFSHORE.longitude })).toBeLessThan(2300);
    expect(distanceMetres(MONACO, MONACO)).toBe(0);
  });

  it('raises an alarm only after the vessel has been outside longer than the delay, and clears it back inside', async () => {
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/geofence`, { token: owner, payload: { ...MONACO, radius: 500, delay: 60 } })).status).toBe(
      200,
    );
    const start = Date.now() - 10 * 60_000;
    await position(INSIDE, new Date(start));
    await position(OFFSHORE, new Date(start + 60_000));
    await position(OFFSHORE, new Date(start + 90_000));
    // Thirty seconds outside is within the delay: the last position is stored, no alert.
    await eventually(async () => {
      const devices = (await t.call('GET', `/api/vessel/${bridge.vesselId}/location`, { token: owner })).body.data;
      return devices?.lat === OFFSHORE.latitude;
    }, 'position stored');
    expect(await geofenceAlert()).toBeNull();

    await position(OFFSHORE, new Date(start + 121_000));
    const raised = await eventually(geofenceAlert, 'geofence alarm');
    expect(raised).toMatchObject({ state: 'alarm', message: 'Sea Breeze has left its geofence (radius 500 m)', clearedAt: null });

    await position(INSIDE, new Date(start + 180_000));
    await eventually(async () => (await geofenceAlert())?.clearedAt, 'alarm cleared');
  });

  it('judges every position of a buffered track by its measurement time: out longer than the delay and back raises, then clears', async () => {
    await t.call('POST', `/api/vessel/${bridge.vesselId}/geofence`, { token: owner, payload: { ...MONACO, radius: 500, delay: 60 } });
    const alarmsBefore = await t.database.db('alerts').where({ bridge_id: bridge.id, path: 'notifications.navigation.geofence' }).count({ n: '*' }).first();
    // Between the first test's positions and the next test's, since older notifications change nothing.
    const start = Date.now() - 6.9 * 60_000;
    const update = (value: { latitude: number; longitude: number }, offsetMs: number) => ({
      $source: 'n2k.17',
      timestamp: new Date(start + offsetMs).toISOString(),
      values: [{ path: 'navigation.position', value }],
    });
    // One message, as a bridge flushes its buffer after the link came back: the last point is inside.
    const track = { updates: [update(INSIDE, 0), update(OFFSHORE, 10_000), update(OFFSHORE, 20_000), update(OFFSHORE, 85_000), update(INSIDE, 100_000)] };
    await client.publishAsync(`bridges/${bridge.serial}/delta`, JSON.stringify(track), { qos: 1 });
    const alarm = await eventually(async () => {
      const rows = await t.database.db('alerts').where({ bridge_id: bridge.id, path: 'notifications.navigation.geofence' }).orderBy('id');
      return rows.length > Number(alarmsBefore?.n ?? 0) ? rows.at(-1) : null;
    }, 'geofence alarm raised by the buffered track');
    expect(alarm.message).toBe('Sea Breeze has left its geofence (radius 500 m)');
    await eventually(async () => (await geofenceAlert())?.clearedAt, 'alarm cleared by the track’s last point');
  });

  it('clears an active alarm when the geofence is switched off', async () => {
    const start = Date.now() - 5 * 60_000;
    await t.call('POST', `/api/vessel/${bridge.vesselId}/geofence`, { token: owner, payload: { ...MONACO, radius: 500, delay: 0 } });
    await position(OFFSHORE, new Date(start));
    await eventually(async () => (await geofenceAlert())?.clearedAt === null, 'alarm raised again');
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/geofence/false`, { token: owner })).status).toBe(200);
    await eventually(async () => (await geofenceAlert())?.clearedAt, 'alarm cleared with the fence off');
    // Further positions outside raise nothing while the fence is off.
    await position(OFFSHORE, new Date(start + 60_000));
    await eventually(
      async () =>
        (await t.call('GET', `/api/vessel/${bridge.vesselId}/location`, { token: owner })).body.data?.timestamp === new Date(start + 60_000).toISOString(),
      'position stored',
    );
    expect((await geofenceAlert())?.clearedAt).not.toBeNull();
  });
});

describe('the geofence route', () => {
  const route = async (token = owner) => t.call('GET', `/api/vessel/${bridge.vesselId}/geofenceRoute`, { token });

  it('answers the track since the vessel left its fence, and nothing while it is inside or the fence is off', async () => {
    await t.call('POST', `/api/vessel/${bridge.vesselId}/geofence/false`, { token: owner });
    expect((await route()).body.data).toEqual({ outsideSince: null, points: [] });

    await t.call('POST', `/api/vessel/${bridge.vesselId}/geofence`, { token: owner, payload: { ...MONACO, radius: 500, delay: 600 } });
    const start = Date.now() - 3 * 60_000;
    await position(INSIDE, new Date(start));
    const stored = (at: number) =>
      eventually(
        async () => (await t.call('GET', `/api/vessel/${bridge.vesselId}/location`, { token: owner })).body.data?.timestamp === new Date(at).toISOString(),
        'position stored',
      );
    await stored(start);
    expect((await route()).body.data).toEqual({ outsideSince: null, points: [] });

    await position(OFFSHORE, new Date(start + 60_000));
    await position({ latitude: 43.7, longitude: 7.43 }, new Date(start + 120_000));
    await stored(start + 120_000);
    const { data } = (await route()).body;
    expect(data.outsideSince).toBe(new Date(start + 60_000).toISOString());
    expect(data.points.map((p: { lat: number; lon: number }) => [p.lat, p.lon])).toEqual([
      [OFFSHORE.latitude, OFFSHORE.longitude],
      [43.7, 7.43],
    ]);
  });

  it('needs location services and securityManager VIEW, and answers another tenant like a missing vessel', async () => {
    expect((await route(await t.login('crew@demo.test'))).status).toBe(403);
    expect((await route(await t.login('owner2@demo.test'))).status).toBe(404);
  });
});
