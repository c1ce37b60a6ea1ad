/**
 * One notice per outage (docs/decisions.md, "One notice per outage"), with a real bridge over
 * MQTT and the alerts module's clock moved by the test: a bridge that drops and comes back within
 * the vessel's offline delay gives no notice; one away for 20 minutes, flapping at first and once
 * more while announced, gives exactly one offline and one back-online e-mail to each person, and
 * no no-data alarm besides; a server started on the same database mid-outage neither repeats the
 * offline notice nor forgets the back-online one. And who may read and change the delay.
 */
import type { Server } from '@hapi/hapi';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../src/platform/mail.js';
import { createServer } from '../../src/server.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import type { ServerClock } from '../../src/platform/clock.js';

let t: TestServer;
let owner: string;
let crew: string;
let owner2: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient | null = null;
/** The server's clock, stopped at the start and moved by the test. */
let clock: ServerClock;
const second: Server[] = [];

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  const admin = await t.login('admin@demo.test');
  [owner, crew, owner2] = await Promise.all(['owner@demo.test', 'crew@demo.test', 'owner2@demo.test'].map((e) => t.login(e)));
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-OUTAGE');
  clock = t.server.app.ctx.clock;
  clock.set(Date.now());
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12.7 }]), { qos: 1 });
  await eventually(async () => (await t.database.db('value_series').where({ bridge_id: bridge.id }).first()) !== undefined, 'the first value');
});
afterAll(async () => {
  await client?.endAsync();
  for (const s of second) await s.stop();
  await t.close();
});

const api = () => `/api/vessel/${bridge.vesselId}`;
const watch = () => t.server.plugins.alerts.outages;
const openOutage = () => t.database.db('vessel_outages').where({ vessel_id: bridge.vesselId }).whereNull('ended_ms').first();

/** The bridge drops its connection; resolves once the outage watch has recorded it. */
async function drop(): Promise<void> {
  await client!.endAsync(true);
  client = null;
  await eventually(async () => (await openOutage())?.offline_since_ms != null, 'the disconnect recorded');
}

/** The bridge connects again; resolves once the outage watch has recorded it. */
async function reconnect(): Promise<void> {
  client = await connectBridge(t, bridge);
  await eventually(async () => {
    const open = await openOutage();
    return open === undefined || open.connected_since_ms != null;
  }, 'the connect recorded');
  await watch().idle();
}

/**
 * Moves the clock in steps of `stepMs`; at each the bridge, while connected, sends a value (it is
 * not silent, only away), and the outage watch of each server and the no-data watch sweep, as
 * the scheduler has them do. (A second server without a cluster hears no batches: its no-data
 * watch would judge what it cannot see.)
 */
async function pass(ms: number, stepMs = 30_000, servers: Server[] = [t.server]): Promise<void> {
  for (let done = 0; done < ms; done += stepMs) {
    clock.advance(Math.min(stepMs, ms - done));
    if (client) await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12.6 }]), { qos: 1 });
    for (const s of servers) await s.plugins.alerts.outages.sweep();
    await t.server.plugins.alerts.noData.sweep();
  }
  for (const s of servers) await s.plugins.notifications.delivery.idle();
}

/** The Sea Breeze e-mails sent since `before` (the outbox's length then), as `to: subject`. */
const seaBreeze = async () => (await listOutbox(t.database.db, 500)).filter((m) => m.subject.startsWith('Sea Breeze')).reverse();
const mark = async () => (await seaBreeze()).length;
const since = async (before: number) => (await seaBreeze()).slice(before).map((m) => `${m.to}: ${m.subject}`);
const connectionAlerts = () => t.database.db('alerts').where({ bridge_id: bridge.id, origin: 'no-data' }).orderBy('id');

describe('the offline delay', () => {
  it('is 15 minutes unless the owner chooses 1 to 1440; alertManager VIEW reads it, MANAGE changes it, another tenant gets 404', async () => {
    expect((await t.call('GET', `${api()}/alarmSettings`, { token: crew })).body.data).toMatchObject({ offlineMinutes: 15, noDataMinutes: 15 });
    for (const offlineMinutes of [0, 1441, 2.5, 'soon'])
      expect((await t.call('PUT', `${api()}/alarmSettings`, { token: owner, payload: { offlineMinutes } })).status).toBe(400);
    expect((await t.call('PUT', `${api()}/alarmSettings`, { token: crew, payload: { offlineMinutes: 5 } })).status).toBe(403);
    expect((await t.call('GET', `${api()}/alarmSettings`, { token: owner2 })).status).toBe(404);
    expect((await t.call('PUT', `${api()}/alarmSettings`, { token: owner, payload: { offlineMinutes: 1 } })).body.data).toMatchObject({
      offlineMinutes: 1,
      noDataMinutes: 15,
    });
    expect((await t.call('PUT', `${api()}/alarmSettings`, { token: owner, payload: { offlineMinutes: 15 } })).body.data).toMatchObject({ offlineMinutes: 15 });
  });
});

describe('one notice per outage', () => {
  it('gives no notice for a drop shorter than the delay, flapping or not', async () => {
    const before = await mark();
    await drop();
    await pass(60_000);
    await reconnect();
    await pass(30_000);
    await drop();
    await pass(3 * 60_000);
    await reconnect();
    // Back steadily: the outage ends without a word, and stays so.
    await pass(20 * 60_000, 60_000);
    expect(await openOutage()).toBeUndefined();
    expect(await since(before)).toEqual([]);
    expect(await connectionAlerts()).toEqual([]);
    const [outage] = await t.database.db('vessel_outages').where({ vessel_id: bridge.vesselId }).orderBy('id', 'desc');
    expect(outage.announced_ms).toBeNull();
  });

  it('gives exactly one offline and one back-online notice for 20 minutes away, whatever the flapping, and no no-data alarm', async () => {
    const before = await mark();
    // Flapping in the first minutes: away, back for 20 s, away, back for 40 s, away for good.
    await drop();
    await pass(30_000);
    await reconnect();
    await pass(20_000, 20_000);
    await drop();
    await pass(60_000);
    await reconnect();
    await pass(40_000, 20_000);
    await drop();
    await pass(12 * 60_000);
    expect(await since(before)).toEqual([]);

    // 15 minutes after the first drop: announced, once, to the owner and the crew.
    await pass(2 * 60_000);
    const offline = await since(before);
    expect(offline).toHaveLength(2);
    expect(offline).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^owner@demo\.test: Sea Breeze: alarm — Bridge offline since \d\d:\d\d UTC \(1[56] min\)$/),
        expect.stringMatching(/^crew@demo\.test: /),
      ]),
    );

    // Flapping while announced: no second offline notice, and no back-online one either.
    await reconnect();
    await pass(30_000);
    await drop();
    await pass(2 * 60_000);
    expect(await since(before)).toHaveLength(2);

    // 20 minutes after the first drop the link is restored; back online once it has held for two minutes.
    await reconnect();
    await pass(60_000);
    expect(await since(before)).toHaveLength(2);
    await pass(10 * 60_000);
    const all = await since(before);
    expect(all.slice(2).sort()).toEqual(['crew@demo.test: Sea Breeze: back online', 'owner@demo.test: Sea Breeze: back online']);
    expect(all.filter((line) => line.includes('No data'))).toEqual([]);
    expect((await connectionAlerts()).map((a) => [a.path, a.cleared_at === null])).toEqual([['bridge.connection', false]]);
  });

  it('a server started on the same database mid-outage neither repeats the offline notice nor forgets the back-online one', async () => {
    const before = await mark();
    await drop();
    await pass(16 * 60_000);
    expect(await since(before)).toHaveLength(2);

    const other = await createServer(t.config, { db: t.database.db, clock });
    await other.initialize();
    second.push(other);
    await pass(5 * 60_000, 30_000, [t.server, other]);
    expect(await since(before)).toHaveLength(2);

    await reconnect();
    await pass(5 * 60_000, 30_000, [t.server, other]);
    const all = await since(before);
    expect(all.slice(2).sort()).toEqual(['crew@demo.test: Sea Breeze: back online', 'owner@demo.test: Sea Breeze: back online']);
    expect((await connectionAlerts()).filter((a) => a.path === 'bridge.connection')).toHaveLength(2);
  });
});
