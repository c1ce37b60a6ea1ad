/**
 * The vessel's reporting switches: with GPS reporting off no track is recorded or shown, with
 * property updates off values stay as they were; both take effect on the next message.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';

let t: TestServer;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
const VOLTAGE = 'electrical.batteries.house.voltage';
const since = new Date(Date.now() - 60_000).toISOString();

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  const admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-TOGGLES');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

const publish = (values: Array<{ path: string; value: unknown }>) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta(values, { timestamp: new Date().toISOString(), source: 'n2k.gps1' }), { qos: 1 });
const toggle = async (name: string, state: boolean) =>
  expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/${name}/${state}`, { token: owner })).status).toBe(200);
const get = async (url: string) => (await t.call('GET', url, { token: owner })).body.data;
const voltage = async () =>
  (await get(`/api/vessel/${bridge.vesselId}/devices`))
    .flatMap((d: { properties: Array<{ path: string; value: unknown }> }) => d.properties)
    .find((p: { path: string }) => p.path === VOLTAGE).value;
const storedPositions = async () => (await t.database.db('locations').where({ bridge_id: bridge.id }).count<{ n: number }[]>({ n: '*' }))[0].n;

describe('vessel toggles', () => {
  it('with GPS reporting off records no track and shows none, until it is on again', async () => {
    await publish([{ path: 'navigation.position', value: { latitude: 43.7, longitude: 7.25 } }]);
    expect(await get(`/api/vessel/${bridge.vesselId}/location`)).toMatchObject({ lat: 43.7 });
    const before = Number(await storedPositions());

    await toggle('gpsReporting', false);
    await publish([{ path: 'navigation.position', value: { latitude: 44, longitude: 8 } }]);
    expect(Number(await storedPositions())).toBe(before);
    expect(await get(`/api/vessel/${bridge.vesselId}/location`)).toBeNull();
    expect(await get(`/api/vessel/${bridge.vesselId}/locationHistory?from=${since}`)).toEqual([]);
    const gpx = await t.call('GET', `/api/vessel/${bridge.vesselId}/locationHistory.gpx?from=${since}`, { token: owner });
    expect(gpx.body).not.toContain('<trkpt');

    await toggle('gpsReporting', true);
    await publish([{ path: 'navigation.position', value: { latitude: 44.1, longitude: 8.1 } }]);
    expect(Number(await storedPositions())).toBe(before + 1);
    expect(await get(`/api/vessel/${bridge.vesselId}/location`)).toMatchObject({ lat: 44.1 });
  });

  it('with property updates off keeps values as they were, until it is on again', async () => {
    await publish([{ path: VOLTAGE, value: 12.5 }]);
    expect(await voltage()).toBe(12.5);
    await toggle('propertyUpdate', false);
    await publish([{ path: VOLTAGE, value: 11.9 }]);
    expect(await voltage()).toBe(12.5);
    await toggle('propertyUpdate', true);
    await publish([{ path: VOLTAGE, value: 12.7 }]);
    expect(await voltage()).toBe(12.7);
  });
});
