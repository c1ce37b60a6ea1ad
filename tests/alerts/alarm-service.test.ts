/**
 * The alarm service around the lifecycle, as people notice it, with alarms from a real bridge and
 * e-mail over real SMTP to a test SMTP server: shelving (out of service with a reason, back by
 * itself), vessel modes suppressing sources, each member's own switch, geofence notifications,
 * per-channel minimum priority and quiet hours (an emergency passes), the escalation ladder
 * (steps in order, one acknowledgement stops it, a second server on the same database neither
 * repeats nor loses a step), the no-data alarm (no flapping on a patchy uplink) and the stale
 * mark, and who may read and change all this.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from '@hapi/hapi';
import type { MqttClient } from 'mqtt';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMinutes } from '../../src/modules/notifications/delivery/preferences.js';
import { createServer } from '../../src/server.js';
import { listOutbox } from '../../src/platform/mail.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import type { ServerClock } from '../../src/platform/clock.js';

let t: TestServer;
let smtp: SMTPServer;
const received: Array<{ to: string[] }> = [];
let owner: string;
let crew: string;
let owner2: string;
let ids: Record<string, number>;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
/** The server's clock, stopped at the start and moved by the test. */
let clock: ServerClock;
const second: Server[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address) });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestServer({ demo: true, listen: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  const admin = await t.login('admin@demo.test');
  [owner, crew, owner2] = await Promise.all(['owner@demo.test', 'crew@demo.test', 'owner2@demo.test'].map((e) => t.login(e)));
  const users: Array<{ id: number; email: string }> = await t.database.db('users').select('id', 'email');
  ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
  ids.dealerCompany = (await t.database.db('companies').where({ name: 'Riviera Yachts' }).first()).id;
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-ALARM-SERVICE');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  clock = t.server.app.ctx.clock;
  clock.set(Date.now());
});
afterAll(async () => {
  await client.endAsync();
  for (const s of second) await s.stop();
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const api = () => `/api/vessel/${bridge.vesselId}`;
let seq = 0;
/** Publishes values measured at the test clock; resolves once stored and judged. */
const send = (values: Array<{ path: string; value: unknown }>, atMs = clock.now()) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta(values, { timestamp: new Date(atMs + seq++).toISOString() }), { qos: 1 });
const raise = (path: string, state: string, message: string) => send([{ path: `notifications.${path}`, value: { state, message } }]);
const settle = () => t.server.plugins.notifications.delivery.idle();
/** The Sea Breeze alarm e-mails sent since `from` (an index into the outbox history), as `to: subject`. */
const outbox = async () => (await listOutbox(t.database.db, 500)).filter((m) => m.subject.startsWith('Sea Breeze')).reverse();
const since = async (before: number) => (await outbox()).slice(before).map((m) => `${m.to}: ${m.subject}`);
const mark = async () => (await outbox()).length;
/** Moves the clock past the flood window, so that every test's alarms go out one by one. */
const nextWindow = () => clock.advance(11 * 60_000);
const activeAlert = async (path: string) =>
  ((await t.call('GET', '/api/alerts/active', { token: owner })).body.data as Array<{ id: number; path: string; status: string }>).find(
    (a) => a.path === `notifications.${path}`,
  );

describe('alarm e-mail over SMTP', () => {
  it('reaches the owner and the crew through the configured SMTP server', async () => {
    const before = await mark();
    await raise('smtp.check', 'alarm', 'Shore power lost');
    await settle();
    expect(await since(before)).toEqual(
      expect.arrayContaining(['owner@demo.test: Sea Breeze: alarm — Shore power lost', 'crew@demo.test: Sea Breeze: alarm — Shore power lost']),
    );
    expect((await outbox()).at(-1)!.transport).toBe('smtp');
    expect(received.flatMap((r) => r.to)).toEqual(expect.arrayContaining(['owner@demo.test', 'crew@demo.test']));
  });
});

describe('shelving', () => {
  it('takes a point out of service with a reason until a time, then brings it back by itself', async () => {
    nextWindow();
    await raise('bilge.pump', 'warn', 'Bilge pump running often');
    await settle();
    const alert = (await activeAlert('bilge.pump'))!;
    expect(
      (
        await t.call('POST', `${api()}/alerts/${alert.id}/shelve`, {
          token: owner,
          payload: { reason: 'Pump replaced', until: new Date(clock.now() - 1000).toISOString() },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', `${api()}/alerts/${alert.id}/shelve`, {
          token: crew,
          payload: { reason: 'x', until: new Date(clock.now() + 60_000).toISOString() },
        })
      ).status,
    ).toBe(403);
    const until = new Date(clock.now() + 3600_000).toISOString();
    const shelved = await t.call('POST', `${api()}/alerts/${alert.id}/shelve`, { token: owner, payload: { reason: 'Pump being replaced', until } });
    expect(shelved.body.data).toMatchObject({ alertId: alert.id, path: 'notifications.bilge.pump', reason: 'Pump being replaced', until });
    expect((await t.call('GET', `${api()}/alerts/shelved`, { token: crew })).body.data).toEqual([
      expect.objectContaining({ reason: 'Pump being replaced', until }),
    ]);

    // While shelved, the point's alarms are recorded and shown, and nobody is told.
    const before = await mark();
    await send([{ path: 'notifications.bilge.pump', value: null }]);
    await raise('bilge.pump', 'alarm', 'Bilge pump running constantly');
    await settle();
    expect(await since(before)).toEqual([]);
    expect((await activeAlert('bilge.pump'))!.status).toBe('active-unacknowledged');

    clock.advance(3600_000);
    await t.server.plugins.alerts.lifecycle.sweep();
    await settle();
    expect(await since(before)).toEqual([
      'owner@demo.test: Sea Breeze: alarm — Bilge pump running constantly (back from the shelf)',
      'crew@demo.test: Sea Breeze: alarm — Bilge pump running constantly (back from the shelf)',
    ]);
    expect((await t.call('GET', `${api()}/alerts/shelved`, { token: crew })).body.data).toEqual([]);
    const log = await t.database.db('alert_log').where({ path: 'notifications.bilge.pump' }).orderBy('id').select('action', 'user_id', 'message_text');
    expect(log).toEqual(expect.arrayContaining([{ action: 'shelved', user_id: ids['owner@demo.test'], message_text: `Pump being replaced (until ${until})` }]));
    expect(log.at(-1)!.action).toBe('unshelved');
  });
});

describe('vessel modes', () => {
  it("records but does not send the alarms the owner marked irrelevant in the vessel's mode", async () => {
    nextWindow();
    expect((await t.call('PUT', `${api()}/alarmSettings`, { token: crew, payload: { mode: 'in-survey' } })).status).toBe(403);
    const put = await t.call('PUT', `${api()}/alarmSettings`, {
      token: owner,
      payload: { mode: 'in-survey', suppressions: { 'in-survey': ['environment.inside.bilge', 'no-data'], 'at-sea': [] } },
    });
    expect(put.body.data).toMatchObject({
      mode: 'in-survey',
      noDataMinutes: 15,
      suppressions: { 'in-survey': ['environment.inside.bilge', 'no-data'], 'at-sea': [] },
    });
    expect((await t.call('GET', `${api()}/alarmSettings`, { token: crew })).body.data.mode).toBe('in-survey');

    const before = await mark();
    await raise('environment.inside.bilge.level', 'alarm', 'Bilge level high (survey test)');
    await settle();
    expect(await since(before)).toEqual([]);
    expect(await activeAlert('environment.inside.bilge.level')).toBeDefined();
    expect((await t.database.db('alert_log').where({ path: 'notifications.environment.inside.bilge.level' }).pluck('action')).sort()).toEqual([
      'raised',
      'suppressed',
    ]);

    await t.call('PUT', `${api()}/alarmSettings`, { token: owner, payload: { mode: 'at-sea' } });
    await raise('environment.inside.bilge.second', 'alarm', 'Bilge level high at sea');
    await settle();
    expect(await since(before)).toHaveLength(2);
  });
});

describe("each member's own notifications", () => {
  it('a crew member without edit rights mutes and unmutes the vessel for themselves', async () => {
    nextWindow();
    expect((await t.call('GET', `${api()}/userNotifications`, { token: crew })).body.data).toEqual({
      vesselId: bridge.vesselId,
      enabled: true,
      receiveNotifications: true,
    });
    expect((await t.call('POST', `${api()}/userNotifications/false`, { token: crew })).body.data.enabled).toBe(false);
    expect((await t.call('GET', `${api()}/userNotifications`, { token: crew })).body.data.enabled).toBe(false);
    expect((await t.call('GET', `${api()}/userNotifications`, { token: owner })).body.data.enabled).toBe(true);
    const before = await mark();
    await raise('own.mute', 'alarm', 'Heard by the owner only');
    await settle();
    expect(await since(before)).toEqual(['owner@demo.test: Sea Breeze: alarm — Heard by the owner only']);
    await t.call('POST', `${api()}/userNotifications/true`, { token: crew });
    expect((await t.call('GET', `${api()}/userNotifications`, { token: crew })).body.data.enabled).toBe(true);
  });

  it('geofence notifications: your own as any member, anybody with userManager MANAGE', async () => {
    expect((await t.call('POST', `${api()}/geofenceNotify/${ids['crew@demo.test']}/false`, { token: crew })).body.data).toEqual({
      userId: ids['crew@demo.test'],
      enabled: false,
    });
    expect((await t.call('POST', `${api()}/geofenceNotify/${ids['owner@demo.test']}/false`, { token: crew })).status).toBe(403);
    expect((await t.call('GET', `${api()}/geofenceNotify/permissions`, { token: crew })).body.data).toEqual([
      { userId: ids['crew@demo.test'], enabled: false, canChange: true },
    ]);
    const all = (await t.call('GET', `${api()}/geofenceNotify/permissions`, { token: owner })).body.data;
    expect(all).toEqual(
      expect.arrayContaining([
        { userId: ids['crew@demo.test'], enabled: false, canChange: true },
        { userId: ids['owner@demo.test'], enabled: true, canChange: true },
      ]),
    );
    expect((await t.call('POST', `${api()}/geofenceNotify/${ids['crew@demo.test']}/true`, { token: owner })).status).toBe(200);
    expect((await t.call('POST', `${api()}/geofenceNotify/${ids['admin@demo.test']}/true`, { token: owner })).status).toBe(404);
  });
});

describe('minimum priority per channel and quiet hours', () => {
  it('keep a warning from a user in their quiet hours, never an emergency, and honour the minimum priority', async () => {
    nextWindow();
    const zone: string = (await t.database.db('users').where({ email: 'owner@demo.test' }).first()).time_zone;
    const local = localMinutes(clock.now(), zone);
    const hhmm = (m: number) =>
      `${String(Math.floor((((m % 1440) + 1440) % 1440) / 60)).padStart(2, '0')}:${String((((m % 1440) + 1440) % 1440) % 60).padStart(2, '0')}`;
    const quiet = { start: hhmm(local - 60), end: hhmm(local + 60) };
    expect(
      (
        await t.call('POST', '/api/profile/notificationSettings', {
          token: owner,
          payload: { minPriority: { email: 'caution', push: 'caution', inApp: 'caution' }, quietHours: { start: '25:00', end: '07:00' } },
        })
      ).status,
    ).toBe(400);
    const saved = await t.call('POST', '/api/profile/notificationSettings', {
      token: owner,
      payload: { minPriority: { email: 'caution', push: 'caution', inApp: 'caution' }, quietHours: quiet },
    });
    expect(saved.body.data).toEqual({ minPriority: { email: 'caution', push: 'caution', inApp: 'caution' }, quietHours: quiet });
    await t.call('POST', '/api/profile/notificationSettings', {
      token: crew,
      payload: { minPriority: { email: 'alarm', push: 'caution', inApp: 'caution' }, quietHours: null },
    });
    expect((await t.call('GET', '/api/profile/notificationSettings', { token: crew })).body.data.minPriority.email).toBe('alarm');

    const before = await mark();
    await raise('quiet.warning', 'warn', 'Fridge warm');
    await settle();
    expect(await since(before)).toEqual([]);
    await raise('quiet.alarm', 'alarm', 'Battery low');
    await settle();
    expect(await since(before)).toEqual(['crew@demo.test: Sea Breeze: alarm — Battery low']);
    await raise('quiet.fire', 'emergency', 'Fire in the engine room');
    await settle();
    expect((await since(before)).slice(1)).toEqual([
      'owner@demo.test: Sea Breeze: emergency — Fire in the engine room',
      'crew@demo.test: Sea Breeze: emergency — Fire in the engine room',
    ]);
    for (const token of [owner, crew])
      await t.call('POST', '/api/profile/notificationSettings', {
        token,
        payload: { minPriority: { email: 'caution', push: 'caution', inApp: 'caution' }, quietHours: null },
      });
  });
});

describe('the escalation ladder', () => {
  const ladder = [
    { afterMinutes: 0, target: { kind: 'role', role: 'owner' } },
    { afterMinutes: 5, target: { kind: 'role', role: 'members' } },
    { afterMinutes: 15, target: { kind: 'company', companyId: 0 } },
  ];

  it('alertManager VIEW reads it, MANAGE changes it, another tenant gets 404', async () => {
    ladder[2].target.companyId = ids.dealerCompany;
    expect((await t.call('PUT', `${api()}/escalation`, { token: crew, payload: { steps: ladder } })).status).toBe(403);
    expect((await t.call('GET', `${api()}/escalation`, { token: owner2 })).status).toBe(404);
    expect((await t.call('PUT', `${api()}/escalation`, { token: owner2, payload: { steps: ladder } })).status).toBe(404);
    expect((await t.call('GET', `${api()}/alarmSettings`, { token: owner2 })).status).toBe(404);
    expect((await t.call('PUT', `${api()}/escalation`, { token: owner, payload: { steps: [ladder[1], ladder[0]] } })).status).toBe(400);
    expect((await t.call('PUT', `${api()}/escalation`, { token: owner, payload: { steps: ladder } })).body.data).toEqual({ steps: ladder });
    expect((await t.call('GET', `${api()}/escalation`, { token: crew })).body.data).toEqual({ steps: ladder });
  });

  it('tells the owner at once, the crew after 5 min and the dealer after 15, across a restart, each once', async () => {
    nextWindow();
    const before = await mark();
    await raise('ladder.engine', 'alarm', 'Engine room hot');
    await settle();
    expect(await since(before)).toEqual(['owner@demo.test: Sea Breeze: alarm — Engine room hot']);

    clock.advance(5 * 60_000);
    await t.server.plugins.notifications.delivery.escalate();
    expect((await since(before)).slice(1)).toEqual(['crew@demo.test: Sea Breeze: alarm — Engine room hot (not acknowledged after 5 min)']);

    // A second server on the same database (a restart, or two running at once) takes the stored timer over.
    const other = await createServer(t.config, { db: t.database.db, clock });
    await other.initialize();
    second.push(other);
    clock.advance(10 * 60_000);
    await Promise.all([t.server.plugins.notifications.delivery.escalate(), other.plugins.notifications.delivery.escalate()]);
    await Promise.all([t.server.plugins.notifications.delivery.escalate(), other.plugins.notifications.delivery.escalate()]);
    const dealers = (await since(before)).slice(2).sort();
    expect(dealers).toEqual([
      'dealer2@demo.test: Sea Breeze: alarm — Engine room hot (not acknowledged after 15 min)',
      'dealer@demo.test: Sea Breeze: alarm — Engine room hot (not acknowledged after 15 min)',
    ]);
    const alert = (await activeAlert('ladder.engine'))!;
    expect(await t.database.db('alert_escalations').where({ alert_id: alert.id })).toEqual([]);
    const steps = await t.database.db('alert_log').where({ alert_id: alert.id, action: 'notified' }).pluck('message_text');
    expect(steps).toEqual(['escalation step 1 of 3: owner', 'escalation step 2 of 3: members', `escalation step 3 of 3: company ${ids.dealerCompany}`]);
  });

  it('one acknowledgement stops it for everyone', async () => {
    nextWindow();
    const before = await mark();
    await raise('ladder.bilge', 'alarm', 'Water in the bilge');
    await settle();
    expect(await since(before)).toHaveLength(1);
    const alert = (await activeAlert('ladder.bilge'))!;
    expect(await t.database.db('alert_escalations').where({ alert_id: alert.id }).pluck('next_position')).toEqual([1]);
    await t.call('POST', `${api()}/alerts/${alert.id}/ack`, { token: owner });
    await settle();
    clock.advance(20 * 60_000);
    await t.server.plugins.notifications.delivery.escalate();
    expect(await since(before)).toHaveLength(1);
    expect(await t.database.db('alert_escalations').where({ alert_id: alert.id })).toEqual([]);
    await t.call('PUT', `${api()}/escalation`, { token: owner, payload: { steps: [] } });
  });
});

describe('the no-data alarm', () => {
  const noData = () => t.server.plugins.alerts.noData;
  const noDataAlerts = () => t.database.db('alerts').where({ bridge_id: bridge.id, origin: 'no-data' }).orderBy('id');

  it('raises once after the silence, stays through a patchy uplink, and clears once data flows steadily', async () => {
    nextWindow();
    await send([{ path: 'electrical.batteries.house.voltage', value: 12.7 }]);
    await noData().sweep();
    clock.advance(14 * 60_000);
    await noData().sweep();
    expect(await noDataAlerts()).toEqual([]);

    const before = await mark();
    clock.advance(2 * 60_000);
    await noData().sweep();
    await settle();
    expect((await noDataAlerts()).map((a) => a.cleared_at)).toEqual([null]);
    expect(await since(before)).toEqual([
      'owner@demo.test: Sea Breeze: alarm — No data from the bridge for 16 min',
      'crew@demo.test: Sea Breeze: alarm — No data from the bridge for 16 min',
    ]);

    // A patchy uplink: a value now and then, minutes apart. The alarm neither clears nor repeats.
    for (let i = 0; i < 6; i++) {
      clock.advance(3 * 60_000);
      await send([{ path: 'electrical.batteries.house.voltage', value: 12.6 }]);
      await noData().sweep();
    }
    await settle();
    expect((await noDataAlerts()).map((a) => a.cleared_at)).toEqual([null]);
    expect(await since(before)).toHaveLength(2);

    // Steady data for five minutes clears it.
    for (let i = 0; i <= 10; i++) {
      clock.advance(30_000);
      await send([{ path: 'electrical.batteries.house.voltage', value: 12.6 }]);
      await noData().sweep();
    }
    const alerts = await noDataAlerts();
    expect(alerts).toHaveLength(1);
    expect(alerts[0].cleared_at).not.toBeNull();
  });
});

describe('the stale mark', () => {
  it('marks a property whose last value is older than its usual interval allows, not one reporting on time', async () => {
    // The bridge lives on the wall clock: the server's follows it again for this last test.
    clock.reset();
    const now = Date.now();
    for (const s of [600, 590, 580]) await send([{ path: 'tanks.fuel.main.currentLevel', value: 0.5 }], now - s * 1000);
    for (const s of [20, 10, 0]) await send([{ path: 'electrical.batteries.house.capacity.stateOfCharge', value: 0.8 }], now - s * 1000);
    const devices = (await t.call('GET', `${api()}/devices`, { token: crew })).body.data as Array<{ properties: Array<{ path: string; stale: boolean }> }>;
    const property = (path: string) => devices.flatMap((d) => d.properties).find((p) => p.path === path)!;
    await eventually(() => property('tanks.fuel.main.currentLevel'), 'the fuel level');
    expect(property('tanks.fuel.main.currentLevel').stale).toBe(true);
    expect(property('electrical.batteries.house.capacity.stateOfCharge').stale).toBe(false);
  });
});
