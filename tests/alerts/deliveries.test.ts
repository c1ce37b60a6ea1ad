/**
 * Delivery receipts, as the people on a vessel see them: an alarm raised on a real bridge goes
 * by e-mail through a real (test) SMTP server and by push through a local push service, and the
 * deliveries route says, per recipient and channel, queued → sent → accepted; the push
 * notification clicked (its tracked link followed) → opened; its "Acknowledge" button →
 * acknowledged, by whom and from which device; an e-mail the SMTP server refuses → failed with
 * its reason; the e-mail's link followed and the alarm acknowledged in the app. The alert
 * history's "nobody reached" filter keeps only the alarms no delivery reached (the operator's
 * acknowledgement from the CLI names no person, so it changes nothing). The clock is the
 * server's, moved by the test.
 */
import type { AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../contracts/alerts.js';
import type { AlarmDeliveries } from '../../contracts/deliveries.js';
import { findAlert } from '../../src/modules/alerts/api.js';
import type { ServerClock } from '../../src/platform/clock.js';
import { PushEndpoint } from '../helpers/push-endpoint.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import { alarmSteps } from './notices.js';

let t: TestServer;
let smtp: SMTPServer;
/** Addresses the SMTP server refuses, as a full mailbox does. */
const refused = new Set<string>();
/** The messages the SMTP server took, as their recipients' mail servers would. */
const received: Array<{ to: string; raw: string }> = [];
const endpoint = new PushEndpoint();
let owner: string;
let crew: string;
let owner2: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
/** The server's clock, stopped at a known morning and moved by the test. */
let clock: ServerClock;
const at = () => new Date(clock.now()).toISOString();

beforeAll(async () => {
  await endpoint.start();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) return callback(Object.assign(new Error('Mailbox full'), { responseCode: 552 }));
      callback();
    },
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestServer({ demo: true, listen: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  const admin = await t.login('admin@demo.test');
  [owner, crew, owner2] = [await t.login('owner@demo.test'), await t.login('crew@demo.test'), await t.login('owner2@demo.test')];
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-RECEIPTS');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  clock = t.server.app.ctx.clock;
  clock.set(Date.parse('2026-12-14T10:00:00.000Z'));
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
  await endpoint.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const { settle, raise } = alarmSteps(() => ({ t, client, serial: bridge.serial, clock }));
const alertOf = async (path: string) =>
  ((await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token: owner })).body.data as Array<{ id: number; path: string }>).find(
    (a) => a.path === `notifications.${path}`,
  )!;
const deliveries = async (alertId: number, token = owner) => {
  const res = await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts/${alertId}/deliveries`, { token });
  expect(res.status).toBe(200);
  return res.body.data as AlarmDeliveries;
};
const one = (d: AlarmDeliveries, channel: string, target: string) => d.deliveries.find((x) => x.channel === channel && x.target === target)!;
const history = async (filter: Record<string, unknown>) =>
  (
    await t.call('POST', '/api/alerts/history/page', {
      token: owner,
      payload: { page: 0, size: 50, filter: { vesselId: bridge.vesselId, ...filter } },
    })
  ).body.data.content.map((a: { message: string }) => a.message) as string[];

describe('delivery receipts', () => {
  let bilge: number;
  let push: PushMessage;

  it('says each e-mail was accepted by the SMTP server and the push accepted by the push service', async () => {
    const phone = endpoint.subscription();
    expect((await t.call('POST', '/api/profile/pushSubscriptions', { token: owner, payload: { ...phone, label: 'Pixel 8' } })).status).toBe(201);
    await raise('bilge.high', 'alarm', 'Bilge water high');
    bilge = (await alertOf('bilge.high')).id;
    push = (await endpoint.waitFor(1))[0].message as PushMessage;

    const d = await deliveries(bilge);
    expect(d.reached).toBe(true);
    expect(d.acknowledgement).toBeNull();
    expect(d.alert).toMatchObject({ id: bilge, message: 'Bilge water high' });
    expect(d.deliveries.map((x) => `${x.recipient.name} ${x.channel} ${x.target} ${x.state}`).sort()).toEqual([
      'Chris Crew email crew@demo.test accepted',
      'Olivia Owner email owner@demo.test accepted',
      'Olivia Owner push Pixel 8 accepted',
    ]);
    const mail = one(d, 'email', 'owner@demo.test');
    expect(mail.steps).toEqual([
      { state: 'queued', at: at() },
      { state: 'sent', at: at() },
      { state: 'accepted', at: at() },
    ]);
    expect(mail.note).toMatch(/^The SMTP server answered: 250/);
    expect(mail.subject).toBe('Sea Breeze: alarm — Bilge water high');
    expect(one(d, 'push', 'Pixel 8').steps.map((s) => s.state)).toEqual(['queued', 'sent', 'accepted']);
  });

  it('says the push notification was opened when it is clicked (its link followed), then shows the alarm', async () => {
    clock.advance(30_000);
    expect(push.url).toMatch(/^\/api\/alerts\/open\/[\w-]{20,}$/);
    const res = await t.call('GET', push.url);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/dashboard/vessels/${bridge.vesselId}/alerts?alert=${bilge}`);
    const pushed = one(await deliveries(bilge), 'push', 'Pixel 8');
    expect(pushed.state).toBe('opened');
    expect(pushed.steps.at(-1)).toEqual({ state: 'opened', at: at() });
    // A key nobody was given leads to the dashboard and records nothing.
    const unknown = await t.call('GET', '/api/alerts/open/not-a-key');
    expect([unknown.status, unknown.headers.location]).toEqual([302, '/dashboard']);
  });

  it('says who acknowledged the alarm from which device when the notification acknowledges it', async () => {
    clock.advance(15_000);
    expect((await t.call('POST', '/api/alerts/ackFromNotification', { payload: { token: push.ackToken } })).status).toBe(200);
    await settle();
    const d = await deliveries(bilge);
    expect(d.acknowledgement).toMatchObject({ at: at(), name: 'Olivia Owner', via: 'push', device: 'Pixel 8' });
    expect(one(d, 'push', 'Pixel 8')).toMatchObject({ state: 'acknowledged' });
    expect(one(d, 'push', 'Pixel 8').steps.map((s) => s.state)).toEqual(['queued', 'sent', 'accepted', 'opened', 'acknowledged']);
    // The e-mails were not what reached her.
    expect(one(d, 'email', 'owner@demo.test').state).toBe('accepted');
    // The crew see it too (alertManager VIEW), their own receipt whole and the others' without
    // name, address or device (they may not read the vessel's people: no userManager VIEW).
    const seen = await deliveries(bilge, crew);
    expect(seen.acknowledgement).toMatchObject({ via: 'push', device: null, name: expect.stringMatching(/^Member #\d+$/) });
    expect(seen.deliveries.map((x) => `${x.recipient.name} ${x.channel} ${x.target} ${x.state}`).sort()).toEqual([
      'Chris Crew email crew@demo.test accepted',
      expect.stringMatching(/^Member #\d+ email null accepted$/),
      expect.stringMatching(/^Member #\d+ push null acknowledged$/),
    ]);
    // Another vessel's owner does not learn the alarm exists.
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts/${bilge}/deliveries`, { token: owner2 })).status).toBe(404);
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts/999999/deliveries`, { token: owner })).body).toMatchObject({ ok: false, status: 404 });
  });

  it('forgets how an alarm was acknowledged once it rises and asks for acknowledgement again', async () => {
    clock.advance(60_000);
    await raise('bilge.high', 'emergency', 'Bilge water rising fast');
    expect((await deliveries(bilge)).acknowledgement).toBeNull();
    clock.advance(10_000);
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/${bilge}/ack`, { token: owner })).status).toBe(200);
    await settle();
    expect((await deliveries(bilge)).acknowledgement).toMatchObject({ at: at(), name: 'Olivia Owner', via: 'app', device: null });
  });

  it('says an e-mail the SMTP server refused failed, with its reason', async () => {
    clock.advance(11 * 60_000);
    refused.add('crew@demo.test');
    await raise('shore.power', 'alarm', 'Shore power lost');
    refused.clear();
    const d = await deliveries((await alertOf('shore.power')).id);
    const failed = one(d, 'email', 'crew@demo.test');
    expect(failed.state).toBe('failed');
    expect(failed.reason).toMatch(/552/);
    expect(failed.steps).toEqual([
      { state: 'queued', at: at() },
      { state: 'sent', at: at() },
      { state: 'failed', at: at() },
    ]);
    expect(one(d, 'email', 'owner@demo.test').state).toBe('accepted');
  });

  it('says the e-mail was opened when its link is followed, and acknowledged when its reader acknowledges in the app', async () => {
    const alertId = (await alertOf('shore.power')).id;
    const link = linkIn('owner@demo.test', 'Shore power lost');
    expect(link).toBeDefined();
    clock.advance(60_000);
    expect((await t.call('GET', link!)).headers.location).toBe(`/dashboard/vessels/${bridge.vesselId}/alerts?alert=${alertId}`);
    clock.advance(5_000);
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/${alertId}/ack`, { token: owner })).status).toBe(200);
    await settle();
    const d = await deliveries(alertId);
    expect(d.acknowledgement).toMatchObject({ at: at(), name: 'Olivia Owner', via: 'app', device: null });
    expect(one(d, 'email', 'owner@demo.test').steps.map((s) => s.state)).toEqual(['queued', 'sent', 'accepted', 'opened', 'acknowledged']);
  });

  it('filters the history to the alarms nobody was reached by', async () => {
    clock.advance(11 * 60_000);
    refused.add('owner@demo.test');
    refused.add('crew@demo.test');
    endpoint.forget(endpoint.received[0].endpoint);
    await raise('anchor.drag', 'alarm', 'Anchor dragging');
    refused.clear();
    const d = await deliveries((await alertOf('anchor.drag')).id);
    expect(d.reached).toBe(false);
    expect(d.deliveries.map((x) => `${x.channel} ${x.state}`).sort()).toEqual(['email failed', 'email failed', 'push failed']);
    expect(one(d, 'push', 'Pixel 8').reason).toMatch(/no longer knows this device/);
    expect(await history({ nobodyReached: true })).toEqual(['Anchor dragging']);
    expect((await history({ nobodyReached: false })).sort()).toEqual(['Bilge water rising fast', 'Shore power lost']);
    expect(await history({})).toHaveLength(3);
    // The operator acknowledging it from the admin CLI names no person: still nobody reached.
    await t.server.plugins.alerts.lifecycle.acknowledge(bridge.vesselId, (await findAlert(t.database.db, d.alert.id))!, null);
    await settle();
    expect((await deliveries(d.alert.id)).acknowledgement).toMatchObject({ userId: null, name: null, via: 'operator' });
    expect(await history({ nobodyReached: true })).toEqual(['Anchor dragging']);
    const bad = await t.call('POST', '/api/alerts/history/page', { token: owner, payload: { page: 0, size: 5, filter: { nobodyReached: 'maybe' } } });
    expect(bad.status).toBe(400);
  });
});

describe('a flood of alarms', () => {
  it('gives each alarm grouped into the one notice its own receipts', async () => {
    clock.advance(11 * 60_000);
    for (let i = 0; i <= 10; i++) await raise(`flood.${i}`, 'warn', `Flood ${i}`);
    await t.server.plugins.notifications.delivery.flush();
    const last = await deliveries((await alertOf('flood.10')).id);
    expect(last.reached).toBe(true);
    expect(last.deliveries.map((x) => `${x.target} ${x.state} ${x.subject}`).sort()).toEqual([
      'crew@demo.test accepted Sea Breeze: 1 more alarm',
      'owner@demo.test accepted Sea Breeze: 1 more alarm',
    ]);
    expect(await history({ nobodyReached: true })).toEqual(['Anchor dragging']);
  });
});

/** The tracked link of the newest e-mail the SMTP server took for an address about an alarm (quoted-printable lines joined). */
function linkIn(to: string, about: string): string | undefined {
  const text = received
    .filter((m) => m.to === to)
    .map((m) => m.raw.replace(/=\r?\n/g, ''))
    .filter((raw) => raw.includes(about))
    .at(-1);
  return text ? /Open Vessel Link: https?:\/\/[^/\s]+(\/api\/alerts\/open\/[\w-]+)/.exec(text)?.[1] : undefined;
}
