/**
 * The monthly alarm report (docs/product.md, "Alarms"; docs/decisions.md, "Monthly alarm
 * report"), as an owner reads it: alarms raised on a real bridge over MQTT, acknowledged in the
 * app, going out by e-mail and push, add up to the month's figures: the alarms by priority, the
 * chattering point (on and off three times within a minute), the standing alarm (active over 24
 * hours), the time to acknowledge (median, worst, never) and the notifications per channel,
 * which agree with each alarm's delivery receipts. Crew without alerts view are refused, another
 * owner learns nothing. Once the month is over, the report goes out by e-mail once per vessel and
 * recipient, however many nodes sweep, however often. The clock is the server's, moved by the test.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmReport } from '../../contracts/alarm-report.js';
import type { Alert } from '../../contracts/alerts.js';
import type { AlarmDeliveries } from '../../contracts/deliveries.js';
import { listOutbox } from '../../src/platform/mail.js';
import type { ServerClock } from '../../src/platform/clock.js';
import { createServer } from '../../src/server.js';
import { PushEndpoint } from '../helpers/push-endpoint.js';
import { createTestServer, testConfig, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';

let t: TestServer;
const endpoint = new PushEndpoint();
let owner: string;
let crew: string;
let owner2: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let clock: ServerClock;

beforeAll(async () => {
  await endpoint.start();
  t = await createTestServer({ demo: true, listen: true });
  const admin = await t.login('admin@demo.test');
  [owner, crew, owner2] = [await t.login('owner@demo.test'), await t.login('crew@demo.test'), await t.login('owner2@demo.test')];
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-REPORT');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  clock = t.server.app.ctx.clock;
  const phone = endpoint.subscription();
  expect((await t.call('POST', '/api/profile/pushSubscriptions', { token: owner, payload: { ...phone, label: 'Pixel 8' } })).status).toBe(201);
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
  await endpoint.close();
});

let seq = 0;
/** A notification from the bridge, timestamped after every earlier one. */
const notify = async (path: string, value: { state: string; message: string } | null) => {
  await client.publishAsync(
    `bridges/${bridge.serial}/delta`,
    delta([{ path: `notifications.${path}`, value }], { timestamp: new Date(Date.now() + seq++).toISOString() }),
    {
      qos: 1,
    },
  );
  await t.server.plugins.notifications.delivery.idle();
};
const alerts = async () => (await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token: owner })).body.data as Alert[];
const alertOf = async (path: string) => (await alerts()).find((a) => a.path === `notifications.${path}`)!;
const report = (month?: string, token = owner) => t.call('GET', `/api/vessel/${bridge.vesselId}/alerts/report${month ? `?month=${month}` : ''}`, { token });
const monthOf = (iso: string) => iso.slice(0, 7);
/** Acknowledges an alarm in the app `seconds` after it was raised, by the server's clock. */
const acknowledgeAfter = async (alert: Alert, seconds: number) => {
  clock.set(Date.parse(alert.raisedAt) + seconds * 1000);
  expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/${alert.id}/ack`, { token: owner })).status).toBe(200);
};

describe('the monthly alarm report', () => {
  let month: string;
  let standing: Alert;

  it("counts the month's alarms by priority, finds the chattering point, and times the acknowledgements", async () => {
    await notify('engine.overheat', { state: 'emergency', message: 'Engine overheating' });
    await notify('bilge.high', { state: 'alarm', message: 'Bilge water high' });
    await notify('battery.low', { state: 'warn', message: 'House battery low' });
    await notify('fuel.low', { state: 'alert', message: 'Fuel below a quarter' });
    await notify('shore.power', { state: 'alarm', message: 'Shore power lost' });
    // The anchor alarm goes on and off twice within seconds: four transitions, two alarms.
    await notify('anchor.drag', { state: 'warn', message: 'Anchor dragging' });
    await notify('anchor.drag', null);
    await notify('anchor.drag', { state: 'warn', message: 'Anchor dragging' });
    await notify('anchor.drag', null);

    const [overheat, bilge, battery] = [await alertOf('engine.overheat'), await alertOf('bilge.high'), await alertOf('battery.low')];
    standing = await alertOf('shore.power');
    month = monthOf(overheat.raisedAt);
    await acknowledgeAfter(overheat, 60);
    await acknowledgeAfter(bilge, 180);
    await acknowledgeAfter(battery, 600);

    const res = await report(month);
    expect(res.status).toBe(200);
    const r = res.body.data as AlarmReport;
    expect(r).toMatchObject({ vesselId: bridge.vesselId, vesselName: 'Sea Breeze', month, timeZone: 'UTC', from: `${month}-01T00:00:00.000Z` });
    expect(r.raised).toEqual({ total: 7, byPriority: { emergency: 1, alarm: 2, warning: 3, caution: 1 } });
    expect(r.chattering).toEqual([
      { origin: 'notification', path: 'notifications.anchor.drag', text: 'Anchor dragging', alarms: 2, transitions: 4, mostInAMinute: 4 },
    ]);
    expect(r.acknowledgement).toEqual({ acknowledged: 3, medianSeconds: 180, worstSeconds: 600, neverAcknowledged: 4 });
    expect(r.standing).toEqual([]);
  });

  it("counts the notifications per channel as each alarm's delivery receipts list them", async () => {
    const r = (await report(month)).body.data as AlarmReport;
    const expected = { email: { sent: 0, failed: 0 }, push: { sent: 0, failed: 0 }, sms: { sent: 0, failed: 0 }, voice: { sent: 0, failed: 0 } };
    const history = await t.call('POST', '/api/alerts/history/page', { token: owner, payload: { page: 0, size: 50, filter: { vesselId: bridge.vesselId } } });
    for (const alert of history.body.data.content as Alert[]) {
      const d = (await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts/${alert.id}/deliveries`, { token: owner })).body.data as AlarmDeliveries;
      for (const x of d.deliveries) expected[x.channel][x.state === 'failed' ? 'failed' : 'sent']++;
    }
    // Every alarm raised went to the owner and the crew by e-mail, and to the owner's phone by push.
    expect(expected.email.sent).toBeGreaterThanOrEqual(14);
    expect(expected.push.sent).toBeGreaterThanOrEqual(7);
    expect(r.notifications.byChannel).toEqual(expected);
    expect(r.notifications.total).toBe(expected.email.sent + expected.push.sent);
  });

  it('lists an alarm whose condition held for over 24 hours as standing, acknowledged or not', async () => {
    for (const path of ['engine.overheat', 'bilge.high', 'battery.low']) await notify(path, null);
    clock.set(Date.parse(standing.raisedAt) + 25 * 3600_000);
    const now = new Date(clock.now()).toISOString();
    const r = (await report(monthOf(now))).body.data as AlarmReport;
    expect(r.complete).toBe(false);
    // Only the vessel's no-data alarm may join it: raised by the wall clock while the server's runs a day ahead.
    expect(r.standing.filter((s) => s.origin !== 'no-data')).toEqual([
      expect.objectContaining({ path: 'notifications.fuel.low', activeHours: 25, priority: 'caution' }),
      {
        alertId: standing.id,
        origin: 'notification',
        path: 'notifications.shore.power',
        text: 'Shore power lost',
        priority: 'alarm',
        raisedAt: standing.raisedAt,
        clearedAt: null,
        activeHours: 25,
      },
    ]);
  });

  it("answers the last full month by default, bounded in the owner's time zone", async () => {
    clock.set(Date.parse('2027-03-10T12:00:00.000Z'));
    expect((await report()).body.data).toMatchObject({ month: '2027-02', from: '2027-02-01T00:00:00.000Z', to: '2027-03-01T00:00:00.000Z', complete: true });
    expect((await t.call('POST', '/api/profile/edit', { token: owner, payload: { preferences: { timeZone: 'Pacific/Auckland' } } })).status).toBe(200);
    // New Zealand keeps daylight time (UTC+13) until April's first Sunday.
    expect((await report('2027-03')).body.data).toMatchObject({
      timeZone: 'Pacific/Auckland',
      from: '2027-02-28T11:00:00.000Z',
      to: '2027-03-31T11:00:00.000Z',
    });
    expect((await report('2027-02')).body.data).toMatchObject({ from: '2027-01-31T11:00:00.000Z', to: '2027-02-28T11:00:00.000Z' });
    expect((await t.call('POST', '/api/profile/edit', { token: owner, payload: { preferences: { timeZone: 'UTC' } } })).status).toBe(200);
  });

  it('refuses a month that is not YYYY-MM or still to come', async () => {
    for (const bad of ['2027-13', '2027-3', 'March', '2027-03-01', '0027-03']) {
      const res = await report(bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, message: expect.stringMatching(/month/) });
    }
    const future = await report('2027-04');
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('month must not be in the future');
  });

  it('is refused to crew without alerts view (403) and to another owner (404)', async () => {
    expect((await report(undefined, crew)).status).toBe(200);
    const db = t.database.db;
    const member = await db('vessel_members').where({ vessel_id: bridge.vesselId }).whereNotNull('user_id').first();
    const permissions = JSON.parse(member.permissions as string);
    await db('vessel_members')
      .where({ id: member.id })
      .update({ permissions: JSON.stringify({ ...permissions, alertManager: 'NONE' }) });
    t.changedBehindTheServersBack();
    expect((await report(undefined, crew)).status).toBe(403);
    expect((await report(undefined, owner2)).status).toBe(404);
    await db('vessel_members')
      .where({ id: member.id })
      .update({ permissions: JSON.stringify(permissions) });
    t.changedBehindTheServersBack();
  });
});

describe('the monthly alarm report by e-mail', () => {
  const reportMails = async (month: string) => (await listOutbox(t.database.db, 500)).filter((m) => m.subject.endsWith(`alarm report for ${month}`));

  it('goes out once the month is over, once per vessel and recipient, however many nodes sweep', async () => {
    clock.set(Date.parse('2027-04-01T00:05:00.000Z'));
    // A second node on the same database, on the same clock (a cluster, or this one restarted).
    const second = await createServer(testConfig(t.database.url), { db: t.database.db, clock });
    await second.initialize();
    try {
      const sent = await Promise.all([t.server.plugins.reports.mailing.sweep(), second.plugins.reports.mailing.sweep()]);
      expect(sent[0] + sent[1]).toBe(3);
      expect(await t.server.plugins.reports.mailing.sweep()).toBe(0);
      expect(await second.plugins.reports.mailing.sweep()).toBe(0);
    } finally {
      await second.stop({ timeout: 2000 });
    }
    const mails = await reportMails('March 2027');
    expect(mails.map((m) => `${m.to} ${m.subject}`).sort()).toEqual([
      'crew@demo.test Sea Breeze: alarm report for March 2027',
      'owner2@demo.test Northern Star: alarm report for March 2027',
      'owner@demo.test Blue Horizon: alarm report for March 2027',
      'owner@demo.test Sea Breeze: alarm report for March 2027',
    ]);
    const r = (await report('2027-03')).body.data as AlarmReport;
    const mail = mails.find((m) => m.to === 'owner@demo.test' && m.subject.startsWith('Sea Breeze'))!;
    expect(mail.text).toContain(`Alarms raised: ${r.raised.total}`);
    expect(mail.text).toContain(`Notifications sent: ${r.notifications.total}`);
    expect(mail.text).toContain(`/dashboard/vessels/${bridge.vesselId}/alerts/report?month=2027-03`);
  });

  it('does not go out again later in the month, and goes out for the next month when it ends', async () => {
    clock.set(Date.parse('2027-04-20T09:00:00.000Z'));
    expect(await t.server.plugins.reports.mailing.sweep()).toBe(0);
    clock.set(Date.parse('2027-05-01T00:10:00.000Z'));
    expect(await t.server.plugins.reports.mailing.sweep()).toBe(3);
    expect(await reportMails('April 2027')).toHaveLength(4);
    expect(await reportMails('March 2027')).toHaveLength(4);
  });
});
