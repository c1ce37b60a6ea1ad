/**
 * Alarms by Web Push: a device subscribed from the profile gets an alarm raised on a real
 * bridge as an encrypted push message at a local push endpoint, with an acknowledgement key its
 * notification's "Acknowledge" button uses without a session; a device the push service reports
 * gone is forgotten; the channel honours the minimum priority set for push.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../contracts/alerts.js';
import type { AlarmDelivery } from '../../src/modules/notifications/delivery/delivery.js';
import { subscribePayload } from '../../src/modules/notifications/routes/push/support.js';
import { PushEndpoint } from '../helpers/push-endpoint.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { delta, type TestBridge } from '../mqtt/helpers.js';
import { seaBreezeOnline } from '../helpers/sea-breeze.js';

let t: TestServer;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let delivery: AlarmDelivery;
const endpoint = new PushEndpoint();

beforeAll(async () => {
  await endpoint.start();
  ({ t, owner, bridge, client } = await seaBreezeOnline('BR-PUSH', { inventory: true }));
  ({ delivery } = t.server.plugins.notifications);
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
  await endpoint.close();
});

const raise = (path: string, state: string, message: string) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path, value: { state, message } }]), { qos: 1 });
const devices = async (token = owner) => (await t.call('GET', '/api/profile/pushSubscriptions', { token })).body.data;

describe('alarms by push', () => {
  let phone: ReturnType<PushEndpoint['subscription']>;
  let message: PushMessage;

  it('subscribes a device with the server key', async () => {
    const { publicKey, devices: none } = await devices();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(none).toEqual([]);
    phone = endpoint.subscription();
    const res = await t.call('POST', '/api/profile/pushSubscriptions', { token: owner, payload: { ...phone, expirationTime: null, label: 'Pixel 8' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ label: 'Pixel 8', lastSentAt: null });
    expect((await devices()).devices).toHaveLength(1);
  });

  it('refuses a subscription that is not one', async () => {
    const res = await t.call('POST', '/api/profile/pushSubscriptions', { token: owner, payload: { endpoint: 'ftp://x', keys: { p256dh: 'a' } } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/endpoint/);
  });

  it('delivers an alarm raised on the bridge to the device within 2 s', async () => {
    const started = Date.now();
    await raise('notifications.bilge.high', 'alarm', 'Bilge water high');
    const [received] = await endpoint.waitFor(1);
    expect(received.receivedAt - started).toBeLessThan(2000);
    expect(received.endpoint).toBe(phone.endpoint);
    expect(received.headers.urgency).toBe('high');
    message = received.message as PushMessage;
    expect(message).toMatchObject({
      title: 'Sea Breeze: alarm — Bilge water high',
      priority: 'alarm',
      vesselId: bridge.vesselId,
    });
    // "Open" follows the delivery's tracked link (it records the notification opened), which leads to the alarm.
    expect(message.url).toMatch(/^\/api\/alerts\/open\/[\w-]+$/);
    expect((await t.call('GET', message.url)).headers.location).toBe(`/dashboard/vessels/${bridge.vesselId}/alerts?alert=${message.alertId}`);
    expect(message.ackToken).toEqual(expect.any(String));
    await delivery.idle();
    expect((await devices()).devices[0].lastSentAt).not.toBeNull();
  });

  it('acknowledges the alarm from the notification without a session', async () => {
    expect((await t.call('POST', '/api/alerts/ackFromNotification', { payload: { token: owner } })).status).toBe(404);
    const res = await t.call('POST', '/api/alerts/ackFromNotification', { payload: { token: message.ackToken } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: message.alertId, status: 'active-acknowledged' });
    // The key opens nothing else.
    expect((await t.call('GET', '/api/alerts/active', { token: message.ackToken! })).status).toBe(401);
  });

  it('refuses the key once it has expired', async () => {
    t.server.app.ctx.clock.advance(3601_000);
    try {
      const res = await t.call('POST', '/api/alerts/ackFromNotification', { payload: { token: message.ackToken } });
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/expired/);
    } finally {
      t.server.app.ctx.clock.reset();
    }
  });

  it('pushes only at or above the minimum priority chosen for push', async () => {
    const settings = { minPriority: { email: 'caution', push: 'alarm', inApp: 'caution' }, quietHours: null };
    await t.call('POST', '/api/profile/notificationSettings', { token: owner, payload: settings });
    await raise('notifications.fridge.door', 'warn', 'Fridge door open');
    await raise('notifications.fire.engine', 'emergency', 'Fire in the engine room');
    const received = await endpoint.waitFor(2);
    await delivery.idle();
    expect(received.map((r) => (r.message as PushMessage).title)).toEqual([
      'Sea Breeze: alarm — Bilge water high',
      'Sea Breeze: emergency — Fire in the engine room',
    ]);
  });

  it("does not let another user remove someone's device", async () => {
    const crew = await t.login('crew@demo.test');
    const [device] = (await devices()).devices;
    expect((await t.call('DELETE', `/api/profile/pushSubscriptions/${device.id}`, { token: crew })).status).toBe(404);
    expect((await devices()).devices).toHaveLength(1);
  });

  it('forgets a device the push service reports gone', async () => {
    endpoint.forget(phone.endpoint);
    await raise('notifications.anchor.drag', 'alarm', 'Anchor dragging');
    await delivery.idle();
    expect((await devices()).devices).toEqual([]);
  });
});

describe('subscriptions in production', () => {
  it('accept only https endpoints at a host name', () => {
    const schema = subscribePayload(true);
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    expect(schema.validate({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys }).error).toBeUndefined();
    for (const endpoint of ['http://fcm.googleapis.com/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'https://localhost/x', 'https://10.0.0.5/x'])
      expect(schema.validate({ endpoint, keys }).error?.message, endpoint).toMatch(/endpoint/);
  });
});

describe('without push', () => {
  it('offers no key and refuses subscriptions', async () => {
    const off = await createTestServer({ demo: true, env: { PUSH: 'off' } });
    try {
      const token = await off.login('owner@demo.test');
      expect((await off.call('GET', '/api/profile/pushSubscriptions', { token })).body.data).toEqual({ publicKey: null, devices: [] });
      const res = await off.call('POST', '/api/profile/pushSubscriptions', { token, payload: endpoint.subscription() });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Push notifications are not configured on this server');
    } finally {
      await off.close();
    }
  });
});
