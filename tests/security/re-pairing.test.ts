/**
 * A bridge paired again carries nothing of its previous pairing (security issue 40;
 * docs/security.md, "Controls and their tests"; docs/decisions.md, "What a bridge sends belongs to
 * its pairing"). One owner pairs a bridge and their vessel collects devices, values, a track,
 * alarms with their settings and a queued command; the vessel is deleted, or the bridge unlinked;
 * another owner pairs the same bridge and finds none of it. What the bridge sends while unpaired
 * does show on the next vessel (docs/protocol.md), unless it was measured before the pairing ended.
 * Real MQTT clients play the bridge on the server's broker.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRequest, PutRequest, SignalKValue } from '../../src/mqtt/protocol.js';
import { lastMailTo, linkToken } from '../helpers/mail.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { answerPuts, connectBridge, delta, provisionBridge, publishInventory, storedCurrent, type TestBridge } from '../mqtt/helpers.js';

const MONACO = { lat: 43.7347, lon: 7.4206 };
const OFFSHORE = { latitude: 43.715, longitude: 7.4206 };
const VOLTAGE = 'electrical.batteries.house.voltage';
const LIGHTS = 'electrical.switches.bank.0.1.state';
const FUEL = 'tanks.fuel.main.currentLevel';
const LONG_AGO = new Date(Date.now() - 7 * 24 * 3600_000).toISOString();
/** Ingest and the live events are asynchronous; the machine running the suite may be busy. */
const POLL = { timeout: 10_000 };

let t: TestServer;
let admin: string;
/** The first owner (A) and the next (B). */
let ownerA: string;
let ownerB: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  admin = await t.login('admin@demo.test');
  ownerA = await t.login('owner@demo.test');
  ownerB = await t.login('owner2@demo.test');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync()));
  await t?.close();
});

const createVessel = async (token: string, name: string): Promise<number> =>
  (await t.call('POST', '/api/vessel/create', { token, payload: { name } })).body.data.id;

async function pair(token: string, vesselId: number, bridge: TestBridge): Promise<void> {
  const code = (await t.call('PUT', `/api/admin/reportingClients/${bridge.id}`, { token: admin, payload: { newPairingCode: true } })).body.data.pairingCode;
  const paired = await t.call('POST', `/api/vessel/${vesselId}/pair?pairingCode=${code}`, { token });
  expect(paired.status, JSON.stringify(paired.body)).toBe(200);
}

/** The second step of a two-step confirmation: the code the owner was just mailed. */
const mailedCode = async (email: string) => linkToken((await lastMailTo(t.database.db, email, /confirmation code/))!.text!, /\n\n([A-Z0-9]{8})\n\n/);

async function deleteVessel(vesselId: number): Promise<void> {
  expect((await t.call('POST', `/api/vessel/delete?vesselId=${vesselId}`, { token: ownerA })).status).toBe(200);
  const done = await t.call('POST', `/api/vessel/confirmDelete?code=${await mailedCode('owner@demo.test')}`, { token: ownerA });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

async function unlink(vesselId: number): Promise<void> {
  expect((await t.call('POST', `/api/vessel/${vesselId}/unlinkClient`, { token: ownerA })).status).toBe(200);
  const done = await t.call('POST', `/api/vessel/${vesselId}/completeClientUnlink?code=${await mailedCode('owner@demo.test')}`, { token: ownerA });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

/**
 * The bridge aboard: it sends its inventory on connect, and on the server's snapshot request its
 * inventory again with the values it holds at that moment (`holding()`), as the agent does.
 */
async function aboard(bridge: TestBridge, holding: () => SignalKValue[] = () => []): Promise<MqttClient> {
  const client = await connectBridge(t, bridge);
  clients.push(client);
  await publishInventory(client, bridge.serial);
  await client.subscribeAsync(`bridges/${bridge.serial}/admin`, { qos: 1 });
  client.on('message', (topic, payload) => {
    if (topic !== `bridges/${bridge.serial}/admin` || (JSON.parse(payload.toString()) as AdminRequest).action !== 'snapshot') return;
    const values = holding();
    void publishInventory(client, bridge.serial)
      .then(() => (values.length ? client.publishAsync(`bridges/${bridge.serial}/delta`, delta(values), { qos: 1 }) : undefined))
      .catch(() => {});
  });
  return client;
}

const send = (client: MqttClient, bridge: TestBridge, values: SignalKValue[], timestamp?: string) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta(values, timestamp ? { timestamp } : {}), { qos: 1 });

const get = async (token: string, url: string) => {
  const res = await t.call('GET', url, { token });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};

interface Property {
  id: number;
  path: string;
  value: unknown;
  timestamp: string | null;
  warningLevels: unknown;
}
const propertiesOf = async (token: string, vesselId: number): Promise<Property[]> =>
  (await get(token, `/api/vessel/${vesselId}/devices`)).flatMap((d: { properties: Property[] }) => d.properties);
const propertyOf = async (token: string, vesselId: number, path: string) => (await propertiesOf(token, vesselId)).find((p) => p.path === path);
const alertsOf = async (token: string, vesselId: number): Promise<Array<{ id: number; path: string; message: string }>> =>
  get(token, `/api/vessel/${vesselId}/alerts`);
const historyOf = async (token: string, propertyId: number): Promise<Array<{ value: unknown }>> =>
  get(token, `/api/simpleDevices/values?propertyId=${propertyId}&dateFrom=${LONG_AGO}`);

/**
 * A vessel of the first owner with the bridge paired and everything a vessel collects: devices,
 * values and their history, a track, a geofence alarm, a bridge notification (shelved), warning levels.
 */
async function vesselWithData(name: string, bridge: TestBridge, owner = ownerA): Promise<{ vesselId: number; client: MqttClient }> {
  const vesselId = await createVessel(owner, name);
  await pair(owner, vesselId, bridge);
  const client = await aboard(bridge);
  expect((await t.call('POST', `/api/vessel/${vesselId}/geofence`, { token: owner, payload: { ...MONACO, radius: 500, delay: 0 } })).status).toBe(200);
  await expect.poll(() => propertyOf(owner, vesselId, VOLTAGE), POLL).toBeDefined();
  await send(client, bridge, [
    { path: VOLTAGE, value: 12.7 },
    { path: FUEL, value: 0.9 },
    { path: 'navigation.position', value: OFFSHORE },
    { path: 'notifications.propulsion.main.overTemperature', value: { state: 'alarm', message: 'Engine over temperature' } },
  ]);
  await expect
    .poll(async () => (await alertsOf(owner, vesselId)).map((a) => a.message).sort(), POLL)
    .toEqual(['Engine over temperature', `${name} has left its geofence (radius 500 m)`].sort());
  const voltage = (await propertyOf(owner, vesselId, VOLTAGE))!;
  expect(voltage.value).toBe(12.7);
  const levels = await t.call('POST', '/api/devices/setPropertyWarningLevels', { token: owner, payload: { propertyId: voltage.id, lowWarning: 11.5 } });
  expect(levels.status, JSON.stringify(levels.body)).toBe(200);
  const engine = (await alertsOf(owner, vesselId)).find((a) => a.message === 'Engine over temperature')!;
  const until = new Date(Date.now() + 3600_000).toISOString();
  expect(
    (await t.call('POST', `/api/vessel/${vesselId}/alerts/${engine.id}/shelve`, { token: owner, payload: { reason: 'Sensor fault', until } })).status,
  ).toBe(200);
  expect((await get(owner, `/api/vessel/${vesselId}/location`))?.lat).toBe(OFFSHORE.latitude);
  return { vesselId, client };
}

/** What the next owner must not find of the first one's pairing on their vessel. */
async function expectNothingOfThePreviousPairing(vesselId: number): Promise<void> {
  expect(await alertsOf(ownerB, vesselId)).toEqual([]);
  expect(await get(ownerB, `/api/vessel/${vesselId}/alerts/shelved`)).toEqual([]);
  const history = await t.call('POST', '/api/alerts/history/page', { token: ownerB, payload: { page: 0, size: 50, filter: { vesselId } } });
  expect(history.body.data.totalElements).toBe(0);
  expect(await get(ownerB, `/api/vessel/${vesselId}/location`)).toBeNull();
  expect(await get(ownerB, `/api/vessel/${vesselId}/locationHistory?from=${LONG_AGO}`)).toEqual([]);
  for (const property of await propertiesOf(ownerB, vesselId)) expect(property.warningLevels, property.path).toBeNull();
  const voltage = (await propertyOf(ownerB, vesselId, VOLTAGE))!;
  expect((await historyOf(ownerB, voltage.id)).map((s) => s.value)).not.toContain(12.7);
}

describe('a bridge paired with another vessel', () => {
  it('brings nothing of a deleted vessel: its alarms, track, values and settings went with it', async () => {
    const bridge = await provisionBridge(t, admin, 'BR-REPAIR-1');
    const { vesselId: pelican, client } = await vesselWithData('Pelican', bridge);
    await deleteVessel(pelican);
    await client.endAsync();

    const osprey = await createVessel(ownerB, 'Osprey');
    await pair(ownerB, osprey, bridge);
    // The bridge comes aboard B's vessel with the same secret; asked for a snapshot, it reports what it holds now.
    await aboard(bridge, () => [{ path: VOLTAGE, value: 12.4 }]);
    await expect.poll(async () => (await propertyOf(ownerB, osprey, VOLTAGE))?.value, POLL).toBe(12.4);
    await expectNothingOfThePreviousPairing(osprey);
    expect((await propertyOf(ownerB, osprey, FUEL))?.value).toBeNull();
  });

  it('brings nothing of an unlinked pairing, delivers none of its queued commands, and shows what was sent while unpaired', async () => {
    const bridge = await provisionBridge(t, admin, 'BR-REPAIR-2');
    const { vesselId: heron, client } = await vesselWithData('Heron', bridge);
    // Offline, A queues a command for the bridge's return, and the bridge buffers a reading aboard.
    await client.endAsync();
    await expect.poll(async () => (await get(ownerA, `/api/vessel/vesselOnline?vesselId=${heron}`)).online, POLL).toBe(false);
    const lights = (await propertyOf(ownerA, heron, LIGHTS))!;
    const queued = await t.call('POST', `/api/vessel/${heron}/sendCommand`, {
      token: ownerA,
      payload: { deviceProperty: lights.id, value: 1, requestId: 'a-queued-lights', queueForSeconds: 3600 },
    });
    expect(queued.body.data).toMatchObject({ state: 'QUEUED' });
    const bufferedAt = new Date().toISOString();
    await unlink(heron);

    // Back online while unpaired: it flushes what it buffered under A's pairing, then reports anew.
    let voltage = 12.3;
    const back = await aboard(bridge, () => [{ path: VOLTAGE, value: voltage }]);
    const puts: PutRequest[] = await answerPuts(back, bridge.serial, (request) => [{ requestId: request.requestId, state: 'COMPLETED', statusCode: 200 }]);
    await send(back, bridge, [{ path: 'navigation.position', value: OFFSHORE }], bufferedAt);
    await send(back, bridge, [{ path: FUEL, value: 0.42 }]);
    // Kept against the bridge and shown on no vessel yet: read where it is stored.
    await expect.poll(async () => JSON.parse((await storedCurrent(t, bridge.id, VOLTAGE))?.value ?? 'null'), POLL).toBe(12.3);

    // Paired, the bridge is asked for what it holds now.
    voltage = 12.5;
    const tern = await createVessel(ownerB, 'Tern');
    await pair(ownerB, tern, bridge);
    await expectNothingOfThePreviousPairing(tern);
    await expect.poll(async () => (await propertyOf(ownerB, tern, VOLTAGE))?.value, POLL).toBe(12.5);
    // Sent while unpaired, measured after the pairing ended: the next vessel's (docs/protocol.md).
    expect((await propertyOf(ownerB, tern, FUEL))?.value).toBe(0.42);

    const own = await t.call('POST', `/api/vessel/${tern}/sendCommand`, {
      token: ownerB,
      payload: { deviceProperty: (await propertyOf(ownerB, tern, LIGHTS))!.id, value: 1, requestId: 'b-lights' },
    });
    expect(own.body.data).toMatchObject({ requestId: 'b-lights', state: 'CONFIRMED' });
    expect(puts.map((p) => p.requestId)).toEqual(['b-lights']);
  });

  it('brings nothing of an owner an administrator deleted, with their vessels', async () => {
    const email = 'leaving-owner@example.com';
    const created = await t.call('POST', '/api/admin/users', { token: admin, payload: { email, password: 'a long enough password' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const leaving = await t.login(email, 'a long enough password');
    const bridge = await provisionBridge(t, admin, 'BR-REPAIR-3');
    const { client } = await vesselWithData('Cormorant', bridge, leaving);
    await client.endAsync();
    expect((await t.call('DELETE', `/api/admin/users/${created.body.data.id}`, { token: admin })).status).toBe(200);

    const gannet = await createVessel(ownerB, 'Gannet');
    await pair(ownerB, gannet, bridge);
    await aboard(bridge, () => [{ path: VOLTAGE, value: 12.2 }]);
    await expect.poll(async () => (await propertyOf(ownerB, gannet, VOLTAGE))?.value, POLL).toBe(12.2);
    await expectNothingOfThePreviousPairing(gannet);
  });
});
