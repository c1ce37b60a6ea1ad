/**
 * A vessel whose cloud services have ended (docs/decisions.md, "Lapsed services"): free access is
 * only a gateway, so nothing its bridge measures afterwards is stored, and its location, devices
 * and history show what was stored before, with the time the services ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { connectBridge, delta, eventually, pairedBridge, publishInventory, storedCurrent } from '../mqtt/helpers.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
let owner2: string;
let client: MqttClient;
let vesselId: number;
let bridgeId: number;
const DAY = 86_400_000;
const VOLTAGE = 'electrical.batteries.house.voltage';
const position = (latitude: number, longitude: number) => ({ path: 'navigation.position', value: { latitude, longitude } });

const voltageOf = async () => {
  const devices = (await t.call('GET', `/api/vessel/${vesselId}/devices`, { token: owner2 })).body.data as Array<{
    properties: Array<{ path: string; value: unknown; timestamp: string | null }>;
  }>;
  return devices.flatMap((d) => d.properties).find((p) => p.path === VOLTAGE);
};

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  const admin = await t.login('admin@demo.test');
  owner2 = await t.login('owner2@demo.test');
  // Northern Star's subscription ended 35 days ago (demo data); its new bridge starts a test period.
  const bridge = await pairedBridge(t, admin, 'Northern Star', 'BR-LAPSE-1');
  ({ vesselId } = bridge);
  bridgeId = bridge.id;
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  await eventually(async () => (await t.database.db('device_properties').where({ bridge_id: bridge.id })).length > 0, 'inventory');
});
afterAll(async () => {
  await client?.endAsync();
  await t.close();
});

describe('a vessel whose cloud services have ended', () => {
  const before = new Date(Date.now() - 2 * DAY).toISOString();
  let endedAt: string;

  it('ends a day ago: the test period after the first pairing is over and no subscription runs', async () => {
    await t.database
      .db('bridges')
      .where({ id: bridgeId })
      .update({ first_paired_at: new Date(Date.now() - 8 * DAY).toISOString() });
    const detail = (await t.call('GET', `/api/vessel/${vesselId}`, { token: owner2 })).body.data;
    expect(detail.cloudServices).toMatchObject({ active: false, activeUntil: null });
    endedAt = detail.cloudServices.endedAt;
    expect(Math.abs(Date.parse(endedAt) - (Date.now() - DAY))).toBeLessThan(60_000);
  });

  it('stores what the bridge measured while the services ran, sent late from its queue', async () => {
    await client.publishAsync('bridges/BR-LAPSE-1/delta', delta([{ path: VOLTAGE, value: 12.6 }, position(50.8, -1.3)], { timestamp: before }), { qos: 1 });
    expect(await eventually(() => storedCurrent(t, bridgeId, VOLTAGE), 'the voltage stored')).toBeTruthy();
  });

  it('stores nothing the bridge measures afterwards, and the location is the last from before, with the end', async () => {
    // QoS 1: the PUBACK comes once the ingest has committed (or dropped) the message.
    await client.publishAsync('bridges/BR-LAPSE-1/delta', delta([{ path: VOLTAGE, value: 11.9 }, position(51.5, 0.1)]), { qos: 1 });
    const location = await t.call('GET', `/api/vessel/${vesselId}/location`, { token: owner2 });
    expect(location.status).toBe(200);
    expect(location.body.data).toMatchObject({ lat: 50.8, lon: -1.3, timestamp: before, servicesEndedAt: endedAt });
    expect(await t.database.db('locations').where({ bridge_id: bridgeId }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('shows the devices with their last values from before the end, with their time', async () => {
    expect(await voltageOf()).toMatchObject({ value: 12.6, timestamp: before });
  });

  it('reads history in the 7 days before the end, and refuses earlier ranges saying why', async () => {
    const from = new Date(Date.parse(endedAt) - 3 * DAY).toISOString();
    const track = await t.call('GET', `/api/vessel/${vesselId}/locationHistory?from=${from}`, { token: owner2 });
    expect(track.status).toBe(200);
    expect(track.body.data).toEqual([expect.objectContaining({ lat: 50.8, lon: -1.3, timestamp: before })]);
    const older = new Date(Date.parse(endedAt) - 9 * DAY).toISOString();
    const refused = await t.call('GET', `/api/vessel/${vesselId}/locationHistory?from=${older}`, { token: owner2 });
    expect(refused.status).toBe(418);
    expect(refused.body.message).toMatch(/^History from more than 7 days before the services ended is not shown: this vessel's subscription ended on/);
  });
});
