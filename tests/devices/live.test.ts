/**
 * The live stream (docs/api.md, "Live stream") over real HTTP: what a browser's EventSource receives
 * when a bridge publishes, who receives what, and when the stream ends.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSIONS } from '../../src/modules/vessel/permissions.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { type Live, openLive } from './live-stream.js';
import { lastMailTo, linkToken } from '../helpers/mail.js';
import {
  answerPuts,
  connectBridge,
  delta,
  eventually,
  INVENTORY,
  pairedBridge,
  provisionBridge,
  publishInventory,
  type TestBridge,
  vesselIdByName,
} from '../mqtt/helpers.js';

let t: TestServer;
let admin: string;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-LIVE');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

/** The inventory with the fuel tank renamed: a change every stream is told about. */
const renamedTank = (name: string) => ({
  devices: INVENTORY.devices.map((device) => (device.id === 'fuel-tank' ? { ...device, name } : device)),
});

const crewMember = () => t.database.db('vessel_members').where({ vessel_id: bridge.vesselId }).whereNotNull('user_id');

describe('the live stream', () => {
  it('relays values, inventory changes, alerts, command states and online state', async () => {
    const live = await openLive(t, bridge.vesselId, owner);
    expect(await live.next('hello')).toEqual({ vesselId: bridge.vesselId, online: true, lastSeen: expect.any(String), staleSince: null });

    const timestamp = new Date().toISOString();
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12.9 }], { timestamp }), {
      qos: 1,
    });
    const property = await t.database.db('device_properties').where({ bridge_id: bridge.id, path: 'electrical.batteries.house.voltage' }).first();
    expect(await live.next('batch')).toEqual({
      values: [{ deviceId: property.device_id, propertyId: property.id, path: 'electrical.batteries.house.voltage', value: 12.9, timestamp }],
      positions: [],
    });

    await publishInventory(client, bridge.serial, renamedTank('Fuel tank (port)'));
    expect((await live.next('devices')).devices.map((d: { name: string }) => d.name)).toContain('Fuel tank (port)');

    await client.publishAsync(
      `bridges/${bridge.serial}/delta`,
      delta([{ path: 'notifications.bilge.aft', value: { state: 'alarm', message: 'Bilge high' } }]),
      { qos: 1 },
    );
    expect(await live.next('alert')).toMatchObject({ path: 'notifications.bilge.aft', state: 'alarm', message: 'Bilge high' });

    await answerPuts(client, bridge.serial, ({ requestId }) => [
      { requestId, state: 'PENDING', statusCode: 202 },
      { requestId, state: 'COMPLETED', statusCode: 200 },
    ]);
    const lights = await t.database.db('device_properties').where({ bridge_id: bridge.id, path: 'electrical.switches.bank.0.1.state' }).first();
    const sent = await t.call('POST', `/api/vessel/${bridge.vesselId}/sendCommand`, { token: owner, payload: { deviceProperty: lights.id, value: 1 } });
    const requestId = sent.body.data.requestId;
    const states = [await live.next('command'), await live.next('command'), await live.next('command'), await live.next('command')];
    expect(states.map((s) => [s.requestId, s.state, s.statusCode])).toEqual([
      [requestId, 'SENT', 202],
      [requestId, 'ACKNOWLEDGED', 202],
      [requestId, 'ACKNOWLEDGED', 200],
      [requestId, 'CONFIRMED', 200],
    ]);
    expect(states.at(-1)).toEqual(sent.body.data);

    await client.endAsync();
    // Disconnected: every value is stale since the bridge went away.
    const offline = (await live.next('online')) as { online: boolean; lastSeen: string; staleSince: string };
    expect(offline).toEqual({ online: false, lastSeen: expect.any(String), staleSince: offline.lastSeen });
    client = await connectBridge(t, bridge);
    expect(await live.next('online')).toMatchObject({ online: true, staleSince: null });
    live.close();
  });

  it('sends values only to members who may see devices', async () => {
    const original = (await crewMember().first()).permissions;
    await crewMember().update({ permissions: JSON.stringify({ ...NO_PERMISSIONS, alertManager: 'VIEW' }) });
    try {
      const crew = await openLive(t, bridge.vesselId, await t.login('crew@demo.test'));
      const full = await openLive(t, bridge.vesselId, owner);
      await crew.next('hello');
      await full.next('hello');
      await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12.1 }]), { qos: 1 });
      await client.publishAsync(
        `bridges/${bridge.serial}/delta`,
        delta([{ path: 'notifications.fire.galley', value: { state: 'emergency', message: 'Fire' } }]),
        { qos: 1 },
      );
      expect((await full.next('batch')).values.map((v: { value: unknown }) => v.value)).toEqual([12.1]);
      expect(await crew.next('alert')).toMatchObject({ path: 'notifications.fire.galley' });
      expect(crew.events.map((e) => e.event)).toEqual(['hello', 'alert']);
      crew.close();
      full.close();
    } finally {
      await crewMember().update({ permissions: original });
    }
  });

  it('sends a committed batch as one event: every value, paths without an inventory entry given a property from the Signal K schema, every position in measurement order', async () => {
    const live = await openLive(t, bridge.vesselId, owner);
    await live.next('hello');
    const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 10, 0, s)).toISOString();
    const payload = JSON.stringify({
      updates: [
        {
          $source: 'n2k.17',
          timestamp: at(2),
          values: [
            { path: 'navigation.position', value: { latitude: 43.72, longitude: 7.42 } },
            { path: 'environment.depth.belowTransducer', value: 12 },
          ],
        },
        {
          $source: 'n2k.17',
          timestamp: at(1),
          values: [
            { path: 'navigation.position', value: { latitude: 43.71, longitude: 7.42 } },
            { path: 'electrical.batteries.house.voltage', value: 12.4 },
          ],
        },
        { $source: 'n2k.17', timestamp: at(3), values: [{ path: 'electrical.batteries.house.voltage', value: 12.5 }] },
      ],
    });
    await client.publishAsync(`bridges/${bridge.serial}/delta`, payload, { qos: 1 });
    const batch = await live.next('batch');
    expect(batch.values.map((v: { path: string; value: unknown; propertyId: number | null }) => [v.path, v.value, v.propertyId === null])).toEqual([
      ['navigation.position', { latitude: 43.72, longitude: 7.42 }, false],
      ['environment.depth.belowTransducer', 12, false],
      ['navigation.position', { latitude: 43.71, longitude: 7.42 }, false],
      ['electrical.batteries.house.voltage', 12.4, false],
      ['electrical.batteries.house.voltage', 12.5, false],
    ]);
    expect(batch.positions.map((p: { lat: number; timestamp: string }) => [p.lat, p.timestamp])).toEqual([
      [43.71, at(1)],
      [43.72, at(2)],
    ]);
    live.close();
  });

  it('queries the devices once per inventory change for every open stream, and a failing query ends neither the process nor the streams', async () => {
    const live = t.server.plugins.devices.live;
    const original = live.loadDevices;
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const streams = [await openLive(t, bridge.vesselId, owner), await openLive(t, bridge.vesselId, owner)];
    try {
      for (const s of streams) await s.next('hello');
      let queries = 0;
      live.loadDevices = async (vesselId) => {
        queries++;
        return original(vesselId);
      };
      await publishInventory(client, bridge.serial, renamedTank('Diesel tank'));
      for (const s of streams) await s.next('devices');
      expect(queries).toBe(1);

      // The same inventory again (a bridge sends it on every connect) changes nothing: no query, no event.
      await publishInventory(client, bridge.serial, renamedTank('Diesel tank'));
      await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12.1 }]), { qos: 1 });
      for (const s of streams) expect((await s.next('batch')).values[0].value).toBe(12.1);
      expect(queries).toBe(1);

      live.loadDevices = async () => {
        queries++;
        throw new Error('the database is gone');
      };
      await publishInventory(client, bridge.serial, renamedTank('Main diesel tank'));
      await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 11.9 }]), { qos: 1 });
      for (const s of streams) expect((await s.next('batch')).values[0].value).toBe(11.9);
      expect(queries).toBe(2);
      expect(rejections).toEqual([]);
      for (const s of streams) expect(s.events.filter((e) => e.event === 'devices')).toHaveLength(1);
    } finally {
      live.loadDevices = original;
      process.off('unhandledRejection', onRejection);
      for (const s of streams) s.close();
    }
  });

  it('allows a user at most ten open streams across vessels; the eleventh is answered 429', async () => {
    const token = await t.login('owner@demo.test');
    const blueHorizon = (await t.database.db('vessels').where({ name: 'Blue Horizon' }).first()).id;
    const streams: Live[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        streams.push(await openLive(t, i % 2 ? blueHorizon : bridge.vesselId, token));
        await streams.at(-1)!.next('hello');
      }
      const url = `http://127.0.0.1:${t.server.info.port}/api/vessel/${bridge.vesselId}/live`;
      const headers = { authorization: `Bearer ${token}` };
      const refused = await fetch(url, { headers });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ ok: false, status: 429, error: 'Too Many Requests' });
      streams.pop()!.close();
      await eventually(async () => {
        const res = await fetch(url, { headers });
        if (res.status !== 200) {
          await res.body?.cancel();
          return false;
        }
        await res.body?.cancel();
        return true;
      }, 'a stream slot freed');
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('is refused without a session and for other tenants', async () => {
    const base = `http://127.0.0.1:${t.server.info.port}/api/vessel/${bridge.vesselId}/live`;
    expect((await fetch(base)).status).toBe(401);
    expect((await fetch(base, { headers: { authorization: `Bearer ${await t.login('owner2@demo.test')}` } })).status).toBe(404);
  });

  it('sends keepalives and ends when the session is revoked or the user suspended', async () => {
    t.server.plugins.devices.live.keepaliveMs = 100;
    try {
      const session = await t.login('crew@demo.test');
      const live = await openLive(t, bridge.vesselId, session);
      await live.next('hello');
      await t.call('POST', '/api/auth/logout', { token: session });
      await live.ended;
      expect(live.comments).toContain('keepalive');
    } finally {
      t.server.plugins.devices.live.keepaliveMs = 15_000;
    }
    const dealer2 = await t.database.db('users').where({ email: 'dealer2@demo.test' }).first();
    const live = await openLive(t, bridge.vesselId, await t.login('dealer2@demo.test'));
    await live.next('hello');
    expect((await t.call('POST', `/api/admin/users/${dealer2.id}/suspend`, { token: admin })).status).toBe(200);
    await live.ended;
  });

  it('ends at once, without waiting for the keepalive, when the company pauses or removes the staff member it comes through', async () => {
    const dealer = await t.login('dealer@demo.test');
    const staff = (await t.call('GET', '/api/org/staff', { token: dealer })).body.data as Array<{ id: number; userId: number; email: string }>;
    const dealer2 = staff.find((s) => s.email === 'dealer2@demo.test')!;
    // The test before suspended dealer2's account.
    await t.call('POST', `/api/admin/users/${dealer2.userId}/activate`, { token: admin });
    const token = await t.login('dealer2@demo.test');
    const paused = await openLive(t, bridge.vesselId, token);
    await paused.next('hello');
    expect((await t.call('POST', `/api/org/pause/${dealer2.id}/true`, { token: dealer })).status).toBe(200);
    await paused.ended;
    await t.call('POST', `/api/org/pause/${dealer2.id}/false`, { token: dealer });
    const removed = await openLive(t, bridge.vesselId, token);
    await removed.next('hello');
    expect((await t.call('POST', `/api/org/removeStaff/${dealer2.id}`, { token: dealer })).status).toBe(200);
    await removed.ended;
  });

  it("ends at the next keepalive once the company's access window has closed (on the server's clock)", async () => {
    const dealerToken = await t.login('dealer@demo.test');
    const riviera = (await t.database.db('companies').where({ name: 'Riviera Yachts' }).first()).id;
    const endsAt = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/editCompany`, { token: owner, payload: { companyId: riviera, endsAt } })).status).toBe(200);
    t.server.plugins.devices.live.keepaliveMs = 100;
    try {
      const live = await openLive(t, bridge.vesselId, dealerToken);
      await live.next('hello');
      t.server.app.ctx.clock.set(Date.parse(endsAt));
      await live.ended;
    } finally {
      t.server.app.ctx.clock.reset();
      t.server.plugins.devices.live.keepaliveMs = 15_000;
      await t.call('POST', `/api/vessel/${bridge.vesselId}/editCompany`, { token: owner, payload: { companyId: riviera, endsAt: null } });
    }
  });

  it('follows pairing at once: a bridge paired over HTTP feeds its new vessel, and once unlinked feeds it no more', async () => {
    const owner2 = await t.login('owner2@demo.test');
    const northern = await vesselIdByName(t, 'Northern Star');
    const unpaired = await provisionBridge(t, admin, 'BR-LIVE-PAIR');
    const sender = await connectBridge(t, unpaired);
    const announced: Array<[number, unknown]> = [];
    const off = t.server.app.ctx.events.on('vessel.batch', ({ vesselId, batch }) =>
      announced.push(...batch.values.map((v): [number, unknown] => [vesselId, v.value])),
    );
    // Acknowledged once committed and announced.
    const send = (value: number) =>
      sender.publishAsync(`bridges/${unpaired.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value }]), { qos: 1 });
    try {
      await send(1);
      expect((await t.call('POST', `/api/vessel/${northern}/pair?pairingCode=${unpaired.pairingCode}`, { token: owner2 })).status).toBe(200);
      await send(2);
      expect((await t.call('POST', `/api/vessel/${northern}/unlinkClient`, { token: owner2 })).status).toBe(200);
      const code = linkToken((await lastMailTo(t.database.db, 'owner2@demo.test'))!.text!, /\n\n([A-Z0-9]{8})\n\n/);
      expect((await t.call('POST', `/api/vessel/${northern}/completeClientUnlink?code=${code}`, { token: owner2 })).status).toBe(200);
      await send(3);
      expect(announced).toEqual([[northern, 2]]);
    } finally {
      off();
      await sender.endAsync();
    }
  });

  it('ends when the server stops, without holding the stop up', async () => {
    const other = await createTestServer({ demo: true, listen: true });
    const token = await other.login('owner@demo.test');
    const vesselId = (await other.database.db('vessels').where({ name: 'Sea Breeze' }).first()).id;
    const live = await openLive(other, vesselId, token);
    await live.next('hello');
    await other.close();
    await live.ended;
  });
});
