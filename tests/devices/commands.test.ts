/**
 * Commands (docs/protocol.md control): the round trip through a bridge answering PUTs, timeouts, the
 * offline refusal, the audit log, who may send them, and actions on the bridge itself.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSIONS } from '../../src/modules/vessel/permissions.js';
import type { AdminRequest, PutRequest, PutResponse } from '../../src/mqtt/protocol.js';
import { insertId } from '../../src/db/knex.js';
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
  if (request.put.value === 1)
    return [
      { requestId, state: 'PENDING', statusCode: 202 },
      { requestId, state: 'COMPLETED', statusCode: 200 },
    ];
  if (request.put.value === 'on') return [{ requestId, state: 'PENDING', statusCode: 202 }];
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

const command = (deviceProperty: number, value: unknown, token = owner, vesselId = bridge.vesselId) =>
  t.call('POST', `/api/vessel/${vesselId}/sendCommand`, { token, payload: { deviceProperty, value } });
const auditOf = (requestId: string) =>
  t.database.db('audit_log').where({ vessel_id: bridge.vesselId, action: 'POST /api/vessel/{id}/sendCommand' }).whereLike('details', `%${requestId}%`).first();

describe('sendCommand', () => {
  it('sends a Signal K PUT and answers the final state; both go to the audit log', async () => {
    const res = await command(lights, 1);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      requestId: expect.any(String),
      propertyId: lights,
      value: 1,
      state: 'CONFIRMED',
      statusCode: 200,
      expiresAt: null,
      updatedAt: expect.any(String),
    });
    expect(puts.at(-1)).toEqual({ requestId: res.body.data.requestId, context: 'vessels.self', put: { path: 'electrical.switches.bank.0.1.state', value: 1 } });
    const audit = await auditOf(res.body.data.requestId);
    expect(audit).toMatchObject({ outcome: 200, target_type: 'property', target_id: String(lights), actor_email: 'owner@demo.test' });
    expect(JSON.parse(audit.details)).toMatchObject({ path: 'electrical.switches.bank.0.1.state', value: 1, state: 'CONFIRMED', statusCode: 200 });
  });

  it('answers a refusal on board as FAILED with its status code and message', async () => {
    const res = await command(lights, 0);
    expect(res.body.data).toMatchObject({ requestId: expect.any(String), state: 'FAILED', statusCode: 502, message: 'The light did not answer' });
  });

  it('answers 504 when the bridge gives no final answer in time, and logs the timeout', async () => {
    const clock = t.server.app.ctx.clock;
    clock.set(Date.now());
    try {
      const sent = command(lights, true);
      const requestId = await eventually(() => puts.find((p) => p.put.value === true)?.requestId, 'PUT received');
      clock.advance(10_000);
      const res = await sent;
      expect(res.status).toBe(504);
      expect(res.body.message).toBe('The vessel did not answer in time');
      expect(JSON.parse((await auditOf(requestId)).details)).toMatchObject({ state: 'TIMEOUT' });
      expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/commands/${requestId}`, { token: owner })).body.data).toMatchObject({
        requestId,
        state: 'TIMEOUT',
        statusCode: 504,
      });
    } finally {
      clock.reset();
    }
  });

  it('times out a command the bridge accepted but never finished, keeping its acknowledgement until then', async () => {
    const clock = t.server.app.ctx.clock;
    clock.set(Date.now());
    try {
      const sent = command(lights, 'on');
      await eventually(() => clock.pending > 0, 'command sent');
      const requestId = await eventually(() => puts.find((p) => p.put.value === 'on')?.requestId, 'PUT received');
      await eventually(
        async () => (await t.call('GET', `/api/vessel/${bridge.vesselId}/commands/${requestId}`, { token: owner })).body.data?.state === 'ACKNOWLEDGED',
        'acknowledged',
      );
      clock.advance(10_000);
      expect((await sent).status).toBe(504);
    } finally {
      clock.reset();
    }
  });

  it('matches every channel by the client’s requestId: two tabs each get their own outcome', async () => {
    const [a, b] = await Promise.all([
      t.call('POST', `/api/vessel/${bridge.vesselId}/sendCommand`, { token: owner, payload: { deviceProperty: lights, value: 1, requestId: 'tab-a-1' } }),
      t.call('POST', `/api/vessel/${bridge.vesselId}/sendCommand`, { token: owner, payload: { deviceProperty: lights, value: 0, requestId: 'tab-b-1' } }),
    ]);
    expect(a.body.data).toMatchObject({ requestId: 'tab-a-1', value: 1, state: 'CONFIRMED', statusCode: 200 });
    expect(b.body.data).toMatchObject({ requestId: 'tab-b-1', value: 0, state: 'FAILED', statusCode: 502 });
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/commands/tab-a-1`, { token: owner })).body.data).toMatchObject({
      requestId: 'tab-a-1',
      state: 'CONFIRMED',
    });
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/commands/tab-b-1`, { token: owner })).body.data).toMatchObject({
      requestId: 'tab-b-1',
      state: 'FAILED',
    });
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/commands/unknown`, { token: owner })).status).toBe(404);
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/commands/tab-a-1`, { token: owner2 })).status).toBe(404);
    const again = await t.call('POST', `/api/vessel/${bridge.vesselId}/sendCommand`, {
      token: owner,
      payload: { deviceProperty: lights, value: 1, requestId: 'tab-a-1' },
    });
    expect(again.status).toBe(409);
  });

  it('confirms two concurrent commands to one light by the values read back', async () => {
    const both = new Map<string, number>([
      ['tab-c', 1],
      ['tab-d', 1],
    ]);
    const results = await Promise.all(
      [...both].map(([requestId, value]) =>
        t.call('POST', `/api/vessel/${bridge.vesselId}/sendCommand`, { token: owner, payload: { deviceProperty: lights, value, requestId } }),
      ),
    );
    expect(results.map((r) => [r.body.data.requestId, r.body.data.state])).toEqual([
      ['tab-c', 'CONFIRMED'],
      ['tab-d', 'CONFIRMED'],
    ]);
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
    t.changedBehindTheServersBack();
    try {
      expect((await command(lights, 1, crew)).status).toBe(403);
      expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/devices`, { token: crew })).status).toBe(200);
    } finally {
      await member.clone().update({ permissions: original });
      t.changedBehindTheServersBack();
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

  it('queues a command for an offline vessel, delivers it on reconnect, and never delivers one a newer command replaced', async () => {
    const ownerId = (await t.database.db('users').where({ email: 'owner@demo.test' }).first()).id;
    const now = new Date().toISOString();
    await insertId(t.database.db, 'vessels', { name: 'Ocean Pearl', owner_id: ownerId, created_at: now, updated_at: now });
    const offline = await pairedBridge(t, admin, 'Ocean Pearl', 'BR-QUEUE');
    let c = await connectBridge(t, offline);
    await publishInventory(c, offline.serial);
    await c.endAsync();
    await eventually(async () => !(await t.call('GET', `/api/vessel/vesselOnline?vesselId=${offline.vesselId}`, { token: owner })).body.data.online, 'offline');
    const property = await t.database.db('device_properties').where({ bridge_id: offline.id, path: 'electrical.switches.bank.0.1.state' }).first();
    const queue = (requestId: string, value: number) =>
      t.call('POST', `/api/vessel/${offline.vesselId}/sendCommand`, {
        token: owner,
        payload: { deviceProperty: property.id, value, requestId, queueForSeconds: 600 },
      });

    const first = await queue('queued-1', 0);
    expect(first.body.data).toMatchObject({ requestId: 'queued-1', state: 'QUEUED', expiresAt: expect.any(String) });
    expect((await queue('queued-2', 1)).body.data).toMatchObject({ state: 'QUEUED' });
    const read = (requestId: string) => t.call('GET', `/api/vessel/${offline.vesselId}/commands/${requestId}`, { token: owner });
    expect((await read('queued-1')).body.data).toMatchObject({ state: 'REPLACED', statusCode: 409 });

    c = await connectBridge(t, offline);
    const seen = await answerPuts(c, offline.serial, answer);
    await eventually(async () => (await read('queued-2')).body.data.state === 'CONFIRMED', 'queued command confirmed');
    expect(seen.map((p) => p.requestId)).toEqual(['queued-2']);
    await c.endAsync();
  });

  it('expires a queued command whose vessel stayed offline', async () => {
    const clock = t.server.app.ctx.clock;
    clock.set(Date.now());
    try {
      const offline = await t.database.db('bridges').where({ serial: 'BR-OFFLINE' }).first();
      const vesselId = offline.vessel_id;
      const property = await t.database.db('device_properties').where({ bridge_id: offline.id, path: 'electrical.switches.bank.0.1.state' }).first();
      const res = await t.call('POST', `/api/vessel/${vesselId}/sendCommand`, {
        token: owner,
        payload: { deviceProperty: property.id, value: 1, requestId: 'expiring', queueForSeconds: 60 },
      });
      expect(res.body.data).toMatchObject({ state: 'QUEUED', expiresAt: new Date(clock.now() + 60_000).toISOString() });
      clock.advance(59_000);
      await t.server.plugins.commands.service.expireDue();
      expect((await t.call('GET', `/api/vessel/${vesselId}/commands/expiring`, { token: owner })).body.data.state).toBe('QUEUED');
      clock.advance(1_000);
      await t.server.plugins.commands.service.expireDue();
      expect((await t.call('GET', `/api/vessel/${vesselId}/commands/expiring`, { token: owner })).body.data).toMatchObject({
        state: 'EXPIRED',
        statusCode: 410,
      });
    } finally {
      clock.reset();
    }
  });
});

describe('deviceManager DENY', () => {
  it('hides devices and locations', async () => {
    const member = t.database.db('vessel_members').where({ vessel_id: bridge.vesselId }).whereNotNull('user_id');
    const original = (await member.clone().first()).permissions;
    await member.clone().update({ permissions: JSON.stringify({ ...NO_PERMISSIONS, alertManager: 'VIEW', allowLocationServices: true }) });
    t.changedBehindTheServersBack();
    try {
      for (const path of ['devices', 'devices/basic', 'location', 'locationHistory', 'busList']) {
        expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/${path}`, { token: crew })).status, path).toBe(403);
      }
      expect((await t.call('GET', `/api/vessel/location/${bridge.vesselId}/persistedSources`, { token: crew })).status).toBe(403);
      expect((await t.call('GET', `/api/simpleDevices/values?propertyId=${voltage}`, { token: crew })).status).toBe(403);
      expect((await t.call('GET', `/api/vessel/vesselOnline?vesselId=${bridge.vesselId}`, { token: crew })).status).toBe(200);
    } finally {
      await member.clone().update({ permissions: original });
      t.changedBehindTheServersBack();
    }
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/locationHistory`, { token: crew })).status).toBe(403);
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/location`, { token: crew })).status).toBe(200);
  });
});

describe("another tenant's property", () => {
  it('answers its history exactly like a property that does not exist', async () => {
    const foreign = await t.call('GET', `/api/simpleDevices/values?propertyId=${voltage}`, { token: owner2 });
    const missing = await t.call('GET', `/api/simpleDevices/values?propertyId=99999999`, { token: owner2 });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });
});

describe('actions on the bridge', () => {
  it('reboots after checking the caller’s own password', async () => {
    const admin$ = new Promise<AdminRequest>((resolve) =>
      client.on('message', (topic, payload) => topic.endsWith('/admin') && resolve(JSON.parse(payload.toString()))),
    );
    await client.subscribeAsync(`bridges/${bridge.serial}/admin`, { qos: 1 });
    await admin$;
    const wrong = await t.call('POST', `/api/vessel/${bridge.vesselId}/reboot?adminPassword=not-my-password`, { token: owner });
    expect(wrong.status).toBe(418);
    expect(wrong.body.message).toBe('The password is not correct');
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/reboot?adminPassword=vessel-link-demo`, { token: crew })).status).toBe(403);

    const next = new Promise<AdminRequest>((resolve) =>
      client.on('message', (topic, payload) => topic.endsWith('/admin') && resolve(JSON.parse(payload.toString()))),
    );
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
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/logs/logLevel/debug`, { token: owner })).body.data).toMatchObject({
      action: 'setLogLevel',
      level: 'debug',
    });
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/logs/logLevel/chatty`, { token: owner })).status).toBe(400);
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/wakeup`, { token: crew })).body.data).toEqual({ requested: true });
    await eventually(
      () => messages.some((m) => m.action === 'snapshot') && messages.some((m) => m.action === 'setLogLevel' && m.level === 'debug'),
      'admin requests',
    );
  });
});

describe('with the bridge simulator', () => {
  it('switches a light on board and sees the new state', async () => {
    const sim = await pairedBridge(t, admin, 'Northern Star', 'BR-SIM-1');
    const handle = await startBridge({ mqttUrl: mqttUrl(t), serial: sim.serial, secret: sim.secret, tickMs: 200, logLevel: 'error' });
    try {
      const light = await eventually(async () => {
        const devices = (await t.call('GET', `/api/vessel/${sim.vesselId}/devices`, { token: owner2 })).body.data;
        return devices?.find(
          (d: { category: string; properties: Array<{ writable: boolean; units: string }> }) => d.category === 'lighting' && d.properties[0]?.units === 'bool',
        );
      }, 'inventory');
      const property = light.properties[0];
      const wanted = property.value === 1 ? 0 : 1;
      const res = await command(property.id, wanted, owner2, sim.vesselId);
      expect(res.body.data).toMatchObject({ state: 'CONFIRMED', statusCode: 200 });
      await eventually(async () => {
        const devices = (await t.call('GET', `/api/vessel/${sim.vesselId}/devices`, { token: owner2 })).body.data;
        return devices.find((d: { id: number }) => d.id === light.id).properties[0].value === wanted;
      }, 'new state reported');
    } finally {
      await handle.stop();
    }
  });
});
