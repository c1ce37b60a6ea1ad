/**
 * Commands (BRIDGE.md control): the round trip through a bridge answering PUTs, timeouts, the
 * offline refusal, the audit log, who may send them, and actions on the bridge itself.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSIONS } from '../../src/modules/vessel/permissions.js';
import type { AdminRequest, PutRequest, PutResponse } from '../../src/mqtt/protocol.js';
import { startBridge } from '../../simulator/index.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { answerPuts, connectBridge, eventually, mqttUrl, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';

let t: TestServer;
let admin: string;
let owner: string;
let crew: string;
let owner2: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let puts: PutRequest[];
let lights: number;
let voltage: number;

/** How the test bridge answers: by the value asked for. */
function answer(request: PutRequest): PutResponse[] | null {
  const { requestId } = request;
  if (request.put.value === 1) return [{ requestId, state: 'PENDING', statusCode: 202 }, { requestId, state: 'COMPLETED', statusCode: 200 }];
  if (request.put.value === 0) return [{ requestId, state: 'FAILED', statusCode: 502, message: 'The light did not answer' }];
  return null;
}

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  crew = await t.login('crew@demo.test');
  owner2 = await t.login('owner2@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-COMMANDS');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  puts = await answerPuts(client, bridge.serial, answer);
  await eventually(async () => (await t.call('GET', `/api/vessel/vesselOnline?vesselId=${bridge.vesselId}`, { token: owner })).body.data.online, 'online');
  const properties = await t.database.db('device_properties').where({ bridge_id: bridge.id });
  lights = properties.find((p: { path: string }) => p.path === 'electrical.switches.bank.0.1.state').id;
  voltage = properties.find((p: { path: string }) => p.path === 'electrical.batteries.house.voltage').id;
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

const command = (deviceProperty: number, value: unknown, token = owner, vesselId = bridge.vesselId) => t.call('POST', `/api/vessel/${vesselId}/sendCommand`, { token, payload: { deviceProperty, value } });
const auditOf = (requestId: string) => t.database.db('audit_log').where({ vessel_id: bridge.vesselId, action: 'POST /api/vessel/{id}/sendCommand' }).whereLike('details', `%${requestId}%`).first();

describe('sendCommand', () => {
  it('sends a Signal K PUT and answers the final state; both go to the audit log', async () => {
    const res = await command(lights, 1);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ requestId: expect.any(String), state: 'COMPLETED', statusCode: 200 });
    expect(puts.at(-1)).toEqual({ requestId: res.body.data.requestId, context: 'vessels.self', put: { path: 'electrical.switches.bank.0.1.state', value: 1 } });
    const audit = await auditOf(res.body.data.requestId);
    expect(audit).toMatchObject({ outcome: 200, target_type: 'property', target_id: String(lights), actor_email: 'owner@demo.test' });
    expect(JSON.parse(audit.details)).toMatchObject({ path: 'electrical.switches.bank.0.1.state', value: 1, state: 'COMPLETED', statusCode: 200 });
  });

  it('answers a refusal on board as FAILED with its status code and message', async () => {
    const res = await command(lights, 0);
    expect(res.body.data).toEqual({ requestId: expect.any(String), state: 'FAILED', statusCode: 502, message: 'The light did not answer' });
  });

  it('answers 504 when the bridge gives no final answer in time, and logs the timeout', async () => {
    t.server.plugins.devices.commands.timeoutMs = 300;
    try {
      const res = await command(lights, true);
      expect(res.status).toBe(504);
      expect(res.body.message).toBe('The vessel did not answer in time');
      const requestId = puts.at(-1)!.requestId;
      expect(JSON.parse((await auditOf(requestId)).details)).toMatchObject({ state: 'TIMEOUT' });
    } finally {
      t.server.plugins.devices.commands.timeoutMs = 10_000;
    }
  });

  it('refuses properties that are not writable, values out of range, and unknown properties', async () => {
    const readOnly = await command(voltage, 13);
    expect(readOnly.status).toBe(418);
    expect(readOnly.body.message).toBe('This property cannot be controlled');
    expect((await command(lights, 2)).status).toBe(400);
    expect((await command(999_999, 1)).status).toBe(404);
  });

  it('refuses crew without allowDeviceControl (403) and other tenants (404)', async () => {
    const member = t.database.db('vessel_members').where({ vessel_id: bridge.vesselId }).whereNotNull('user_id');
    const original = (await member.clone().first()).permissions;
    await member.clone().update({ permissions: JSON.stringify({ ...NO_PERMISSIONS, deviceManager: 'VIEW', alertManager: 'VIEW' }) });
    try {
      expect((await command(lights, 1, crew)).status).toBe(403);
      expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/devices`, { token: crew })).status).toBe(200);
    } finally {
      await member.clone().update({ permissions: original });
    }
    expect((await command(lights, 1, crew)).status).toBe(200);
    const northernStar = (await t.database.db('vessels').where({ name: 'Northern Star' }).first()).id;
    expect((await command(lights, 1, owner2)).status).toBe(404);
    expect((await command(lights, 1, owner2, northernStar)).status).toBe(404);
  });

  it('refuses at once when the vessel is offline', async () => {
    const offline = await pairedBridge(t, admin, 'Blue Horizon', 'BR-OFFLINE');
    const c = await connectBridge(t, offline);
    await publishInventory(c, offline.serial);
    await c.endAsync();
    await eventually(async () => !(await t.call('GET', `/api/vessel/vesselOnline?vesselId=${offline.vesselId}`, { token: owner })).body.data.online, 'offline');
    const property = await t.database.db('device_properties').where({ bridge_id: offline.id, path: 'electrical.switches.bank.0.1.state' }).first();
    const res = await command(property.id, 1, owner, offline.vesselId);
    expect(res.status).toBe(418);
    expect(res.body.message).toBe('Vessel is offline');
  });
});

describe('deviceManager DENY', () => {
  it('hides devices and locations', async () => {
    const member = t.database.db('vessel_members').where({ vessel_id: bridge.vesselId }).whereNotNull('user_id');
    const original = (await member.clone().first()).permissions;
    await member.clone().update({ permissions: JSON.stringify({ ...NO_PERMISSIONS, alertManager: 'VIEW', allowLocationServices: true }) });
    try {
      for (const path of ['devices', 'devices/basic', 'location', 'locationHistory', 'busList']) {
        expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/${path}`, { token: crew })).status, path).toBe(403);
      }
      expect((await t.call('GET', `/api/vessel/location/${bridge.vesselId}/persistedSources`, { token: crew })).status).toBe(403);
      expect((await t.call('GET', `/api/simpleDevices/values?propertyId=${voltage}`, { token: crew })).status).toBe(403);
      expect((await t.call('GET', `/api/vessel/vesselOnline?vesselId=${bridge.vesselId}`, { token: crew })).status).toBe(200);
    } finally {
      await member.clone().update({ permissions: original });
    }
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/locationHistory`, { token: crew })).status).toBe(403);
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/location`, { token: crew })).status).toBe(200);
  });
});

describe('actions on the bridge', () => {
  it('reboots after checking the caller’s own password', async () => {
    const admin$ = new Promise<AdminRequest>((resolve) => client.on('message', (topic, payload) => topic.endsWith('/admin') && resolve(JSON.parse(payload.toString()))));
    await client.subscribeAsync(`bridges/${bridge.serial}/admin`, { qos: 1 });
    await admin$;
    const wrong = await t.call('POST', `/api/vessel/${bridge.vesselId}/reboot?adminPassword=not-my-password`, { token: owner });
    expect(wrong.status).toBe(418);
    expect(wrong.body.message).toBe('The password is not correct');
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/reboot?adminPassword=vessel-link-demo`, { token: crew })).status).toBe(403);

    const next = new Promise<AdminRequest>((resolve) => client.on('message', (topic, payload) => topic.endsWith('/admin') && resolve(JSON.parse(payload.toString()))));
    const res = await t.call('POST', `/api/vessel/${bridge.vesselId}/reboot?adminPassword=vessel-link-demo`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ action: 'reboot', state: 'PENDING' });
    expect(await next).toEqual({ requestId: res.body.data.requestId, action: 'reboot' });
    const audits = await t.database.db('audit_log').where({ action: 'POST /api/vessel/{id}/reboot' });
    expect(JSON.stringify(audits)).not.toContain('vessel-link-demo');
  });

  it('sets the log level and asks for a snapshot on wake-up', async () => {
    const messages: AdminRequest[] = [];
    client.on('message', (topic, payload) => topic.endsWith('/admin') && messages.push(JSON.parse(payload.toString())));
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/logs/logLevel/debug`, { token: owner })).body.data).toMatchObject({ action: 'setLogLevel', level: 'debug' });
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/logs/logLevel/chatty`, { token: owner })).status).toBe(400);
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/wakeup`, { token: crew })).body.data).toEqual({ requested: true });
    await eventually(() => messages.some((m) => m.action === 'snapshot') && messages.some((m) => m.action === 'setLogLevel' && m.level === 'debug'), 'admin requests');
  });
});

describe('with the bridge simulator', () => {
  it('switches a light on board and sees the new state', async () => {
    const sim = await pairedBridge(t, admin, 'Northern Star', 'BR-SIM-1');
    const handle = await startBridge({ mqttUrl: mqttUrl(t), serial: sim.serial, secret: sim.secret, tickMs: 200, logLevel: 'error' });
    try {
      const light = await eventually(async () => {
        const devices = (await t.call('GET', `/api/vessel/${sim.vesselId}/devices`, { token: owner2 })).body.data;
        return devices?.find((d: { category: string; properties: Array<{ writable: boolean; units: string }> }) => d.category === 'lighting' && d.properties[0]?.units === 'bool');
      }, 'inventory');
      const property = light.properties[0];
      const wanted = property.value === 1 ? 0 : 1;
      const res = await command(property.id, wanted, owner2, sim.vesselId);
      expect(res.body.data).toMatchObject({ state: 'COMPLETED', statusCode: 200 });
      await eventually(async () => {
        const devices = (await t.call('GET', `/api/vessel/${sim.vesselId}/devices`, { token: owner2 })).body.data;
        return devices.find((d: { id: number }) => d.id === light.id).properties[0].value === wanted;
      }, 'new state reported');
    } finally {
      await handle.stop();
    }
  });
});
