/**
 * Card subscriptions through the test payment provider, payment methods and invoices, and the
 * unsubscribed-vessel rule (docs/decisions.md, "Billing"; docs/payments.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { answerPuts, connectBridge, eventually, pairedBridge, publishInventory } from '../mqtt/helpers.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { lastMailTo } from '../helpers/mail.js';

let t: TestServer;
let owner: string;
let owner2: string;
let crew: string;
let admin: string;
const vessels: Record<string, number> = {};
let products: Array<{ id: number; code: string; name: string; pricePence: number }>;
const DAY = 86_400_000;

const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({
  cardNumber,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  holderName: 'Olivia Owner',
  ...extra,
});

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  [owner, owner2, crew, admin] = await Promise.all(['owner', 'owner2', 'crew', 'admin'].map((w) => t.login(`${w}@demo.test`)));
  for (const token of [owner, owner2]) for (const v of (await t.call('GET', '/api/vessel/basic', { token })).body.data) vessels[v.name] = v.id;
  products = (await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}/products`, { token: owner })).body.data.products;
});
afterAll(() => t.close());

describe('GET vessel/{id}/products', () => {
  it('lists what the vessel has and may buy, with prices and the terms', async () => {
    const res = await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}/products`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.data.terms).toEqual({ termMonths: 12, renewalMonths: 12, noticeDays: 28, testPeriodDays: 7 });
    expect(res.body.data.cardPayments).toBe(true);
    expect(res.body.data.subscription.valid).toBe(true);
    const connect = res.body.data.products.find((p: { code: string }) => p.code === 'CLOUD_CONNECT');
    expect(connect).toMatchObject({ included: true, currency: 'GBP', termMonths: 12 });
    expect(connect.pricePence).toBeGreaterThan(0);
    expect(res.body.data.products.some((p: { included: boolean }) => !p.included)).toBe(true);
  });

  it('is billingManager VIEW: 403 for crew, 404 for another tenant', async () => {
    expect((await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}/products`, { token: crew })).status).toBe(403);
    const other = await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}/products`, { token: owner2 });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Vessel not found');
  });
});

describe('payment methods', () => {
  it('keeps only the brand, last four digits and expiry of a card', async () => {
    const res = await t.call('POST', '/api/profile/newPaymentMethod', { token: owner, payload: card('4242 4242 4242 4242') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, holderName: 'Olivia Owner' });
    const rows = await t.database.db('payment_methods');
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('424242424242');
    expect(stored).not.toContain('"123"');
    const audit = JSON.stringify(await t.database.db('audit_log'));
    expect(audit).not.toContain('4242424242424242');
    const list = await t.call('GET', '/api/profile/paymentMethods', { token: owner });
    expect(list.body.data.map((m: { last4: string }) => m.last4)).toEqual(['4242']);
    expect((await t.call('GET', '/api/profile/paymentMethods', { token: owner2 })).body.data).toEqual([]);
  });

  it('answers a declined card with a 418 and the reason, and stores nothing', async () => {
    const res = await t.call('POST', '/api/profile/newPaymentMethod', { token: owner2, payload: card('4000 0000 0000 0002') });
    expect(res.status).toBe(418);
    expect(res.body.message).toBe('Your card was declined.');
    expect((await t.call('GET', '/api/profile/paymentMethods', { token: owner2 })).body.data).toEqual([]);
  });

  it('names the field that is wrong', async () => {
    const bad = await t.call('POST', '/api/profile/newPaymentMethod', { token: owner2, payload: card('4242 4242 4242 4241') });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('cardNumber is not a valid card number');
    const expired = await t.call('POST', '/api/profile/newPaymentMethod', { token: owner2, payload: card('4242424242424242', { expYear: 2020 }) });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('The card has expired');
    const cvc = await t.call('POST', '/api/profile/newPaymentMethod', { token: owner2, payload: card('4242424242424242', { cvc: '12' }) });
    expect(cvc.body.message).toBe('cvc must be 3 or 4 digits');
  });

  it('removes only the caller’s own cards', async () => {
    const added = await t.call('POST', '/api/profile/newPaymentMethod', { token: owner, payload: card('5555 5555 5555 4444') });
    expect(added.body.data.brand).toBe('mastercard');
    expect((await t.call('DELETE', `/api/profile/paymentMethods/${added.body.data.id}`, { token: owner2 })).status).toBe(404);
    expect((await t.call('DELETE', `/api/profile/paymentMethods/${added.body.data.id}`, { token: owner })).status).toBe(200);
    const list = await t.call('GET', '/api/profile/paymentMethods', { token: owner });
    expect(list.body.data.map((m: { last4: string }) => m.last4)).toEqual(['4242']);
  });
});

describe('the unsubscribed-vessel rule and card subscriptions', () => {
  let vesselId: number;
  let sessionPort: number;
  let client: MqttClient;
  let lights: number;
  const sendLights = () => t.call('POST', `/api/vessel/${vesselId}/sendCommand`, { token: owner2, payload: { deviceProperty: lights, value: 1 } });

  const liveStatus = async (token: string) => {
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${sessionPort}/api/vessel/${vesselId}/live`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const status = res.status;
    const body = status === 200 ? null : ((await res.json()) as { message: string });
    controller.abort();
    return { status, message: body?.message };
  };

  beforeAll(async () => {
    sessionPort = t.server.info.port as number;
    const bridge = await pairedBridge(t, admin, 'Northern Star', 'BR-PAY-1');
    vesselId = bridge.vesselId;
    client = await connectBridge(t, bridge);
    await publishInventory(client, bridge.serial);
    await answerPuts(client, bridge.serial, ({ requestId }) => [{ requestId, state: 'COMPLETED', statusCode: 200 }]);
    await eventually(async () => (await t.database.db('device_properties').where({ bridge_id: bridge.id })).length > 0, 'inventory');
    lights = (await t.database.db('device_properties').where({ bridge_id: bridge.id, path: 'electrical.switches.bank.0.1.state' }).first()).id;
  });
  afterAll(() => client.endAsync());

  it('keeps a newly paired vessel fully usable in its 7-day test period', async () => {
    const detail = await t.call('GET', `/api/vessel/${vesselId}`, { token: owner2 });
    expect(detail.body.data.cloudServices).toMatchObject({ active: true, subscribed: false, inTestPeriod: true });
    const from = new Date(Date.now() - 30 * DAY).toISOString();
    expect((await t.call('GET', `/api/vessel/${vesselId}/locationHistory?from=${from}`, { token: owner2 })).status).toBe(200);
    expect((await liveStatus(owner2)).status).toBe(200);
    expect((await sendLights()).status).toBe(200);
  });

  it('refuses live values, commands and old history after the test period, saying why and how to renew', async () => {
    await t.database
      .db('bridges')
      .where({ serial: 'BR-PAY-1' })
      .update({ first_paired_at: new Date(Date.now() - 8 * DAY).toISOString() });
    const detail = await t.call('GET', `/api/vessel/${vesselId}`, { token: owner2 });
    expect(detail.body.data.cloudServices).toMatchObject({ active: false, inTestPeriod: false });
    expect(detail.body.data.bannerState).toBe('NO_SUBSCRIPTION');

    const live = await liveStatus(owner2);
    expect(live.status).toBe(418);
    expect(live.message).toMatch(
      /^Live values are not shown: this vessel's subscription ended on \d{4}-\d\d-\d\d\. Subscribe or renew on the vessel's Subscription page/,
    );

    const command = await sendLights();
    expect(command.status).toBe(418);
    expect(command.body.message).toMatch(/^Commands are not sent: this vessel's subscription ended on/);

    const from = new Date(Date.now() - 30 * DAY).toISOString();
    const history = await t.call('GET', `/api/vessel/${vesselId}/locationHistory?from=${from}`, { token: owner2 });
    expect(history.status).toBe(418);
    expect(history.body.message).toMatch(/^History from more than 7 days before the services ended is not shown/);
    const chart = await t.call('GET', `/api/simpleDevices/values?propertyId=${lights}&dateFrom=${from}`, { token: owner2 });
    expect(chart.status).toBe(418);
    expect(chart.body.message).toBe(history.body.message);
    expect((await t.call('GET', `/api/simpleDevices/values?propertyId=${lights}`, { token: owner2 })).status).toBe(200);
    // The last day stays readable, and so do the banner, the last values and the settings.
    expect((await t.call('GET', `/api/vessel/${vesselId}/locationHistory`, { token: owner2 })).status).toBe(200);
    expect((await t.call('GET', `/api/vessel/${vesselId}/devices`, { token: owner2 })).status).toBe(200);
  });

  it('refuses a card the provider declines at the charge, with its reason', async () => {
    const method = await t.call('POST', '/api/profile/newPaymentMethod', { token: owner2, payload: card('4000000000000341') });
    expect(method.status).toBe(200);
    const res = await t.call('POST', '/api/billing/createVesselSubscription', {
      token: owner2,
      payload: { vesselId, productIds: [products[0].id], paymentMethodId: method.body.data.id },
    });
    expect(res.status).toBe(418);
    expect(res.body.message).toBe('Your card was declined.');
    expect((await t.call('GET', '/api/profile/paymentItems', { token: owner2 })).body.data).toEqual([]);
    await t.call('DELETE', `/api/profile/paymentMethods/${method.body.data.id}`, { token: owner2 });
  });

  it('subscribes by card, writes the invoice, and the vessel works again', async () => {
    expect(
      (await t.call('POST', '/api/billing/createVesselSubscription', { token: owner2, payload: { vesselId, productIds: [products[0].id] } })).body.message,
    ).toBe('Add a payment card first: Profile, Payment methods.');
    await t.call('POST', '/api/profile/newPaymentMethod', { token: owner2, payload: card('4242424242424242') });
    expect((await t.call('POST', '/api/billing/createVesselSubscription', { token: owner, payload: { vesselId, productIds: [products[0].id] } })).status).toBe(
      404,
    );

    const res = await t.call('POST', '/api/billing/createVesselSubscription', { token: owner2, payload: { vesselId, productIds: [products[0].id] } });
    expect(res.status).toBe(200);
    const { subscription, invoice } = res.body.data;
    expect(subscription).toMatchObject({ valid: true, autoRenew: true, paidBy: 'card', card: 'visa ending 4242' });
    const months = (new Date(subscription.validUntil).getTime() - new Date(subscription.validFrom).getTime()) / DAY;
    expect(months).toBeGreaterThanOrEqual(365);
    expect(invoice.number).toMatch(/^VL-\d{4}-\d{6}$/);
    expect(invoice.totalPence).toBe(products[0].pricePence);
    expect(invoice.vatPence).toBe(Math.round((products[0].pricePence * 20) / 120));
    expect(invoice.netPence + invoice.vatPence).toBe(invoice.totalPence);
    // The payer gets the receipt by e-mail.
    const receipt = await lastMailTo(t.database.db, 'owner2@demo.test');
    expect(receipt?.subject).toBe(`Vessel Link: receipt ${invoice.number} for Northern Star`);
    expect(receipt?.text).toContain(`total ${(invoice.totalPence / 100).toFixed(2)} GBP`);

    expect((await liveStatus(owner2)).status).toBe(200);
    const from = new Date(Date.now() - 30 * DAY).toISOString();
    expect((await t.call('GET', `/api/vessel/${vesselId}/locationHistory?from=${from}`, { token: owner2 })).status).toBe(200);
    expect((await sendLights()).body.data).toMatchObject({ state: 'CONFIRMED' });

    const again = await t.call('POST', '/api/billing/createVesselSubscription', { token: owner2, payload: { vesselId, productIds: [products[0].id] } });
    expect(again.status).toBe(409);
  });

  it('charges products added mid-term pro rata and keeps removed ones to the end of the term', async () => {
    const added = await t.call('POST', '/api/billing/changeSubscriptionProducts', {
      token: owner2,
      payload: { vesselId, productIds: [products[0].id, products[1].id] },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.invoice.kind).toBe('change');
    expect(added.body.data.invoice.lines.map((l: { productId: number }) => l.productId)).toEqual([products[1].id]);
    expect(Math.abs(added.body.data.invoice.totalPence - products[1].pricePence)).toBeLessThanOrEqual(1);
    expect((await lastMailTo(t.database.db, 'owner2@demo.test'))?.text).toMatch(/for products added to the subscription of Northern Star/);

    const removed = await t.call('POST', '/api/billing/changeSubscriptionProducts', { token: owner2, payload: { vesselId, productIds: [products[0].id] } });
    expect(removed.body.data.invoice).toBeNull();
    expect(removed.body.data.subscription.products.map((p: { id: number }) => p.id)).toEqual([products[0].id, products[1].id]);
    expect(removed.body.data.subscription.renewalProducts.map((p: { id: number }) => p.id)).toEqual([products[0].id]);

    const crewChange = await t.call('POST', '/api/billing/changeSubscriptionProducts', {
      token: crew,
      payload: { vesselId: vessels['Sea Breeze'], productIds: [products[0].id] },
    });
    expect(crewChange.status).toBe(403);
  });

  it('lists the subscriptions and invoices in the profile; another payer’s invoice is missing', async () => {
    const subs = await t.call('GET', '/api/profile/subscriptions', { token: owner2 });
    const mine = subs.body.data.find((s: { vesselId: number }) => s.vesselId === vesselId);
    expect(mine).toMatchObject({ vesselName: 'Northern Star', canManage: true, autoRenew: true });
    expect(mine.renewsOn).toBe(mine.validUntil);
    expect(new Date(mine.noticeDeadline).getTime()).toBe(new Date(mine.validUntil).getTime() - 28 * DAY);

    const items = await t.call('GET', '/api/profile/paymentItems', { token: owner2 });
    expect(items.body.data.map((i: { kind: string }) => i.kind)).toEqual(['change', 'subscription']);
    const one = await t.call('GET', `/api/profile/invoices/${items.body.data[1].id}`, { token: owner2 });
    expect(one.body.data).toMatchObject({ vesselName: 'Northern Star', vatPercent: 20, currency: 'GBP' });
    expect((await t.call('GET', `/api/profile/invoices/${items.body.data[1].id}`, { token: owner })).status).toBe(404);
    expect((await t.call('GET', '/api/profile/paymentItems', { token: owner })).body.data).toEqual([]);
  });

  it('renews a term that ends for 12 months, charging the renewal products', async () => {
    const [row] = await t.database.db('vessel_subscriptions').where({ vessel_id: vesselId, auto_renew: true });
    const soon = new Date(Date.now() + 3600_000).toISOString();
    await t.database.db('vessel_subscriptions').where({ id: row.id }).update({ valid_until: soon });
    expect(await t.server.plugins.billing.payments.renewDue()).toBe(1);
    const [after] = await t.database.db('vessel_subscriptions').where({ id: row.id });
    expect(new Date(after.valid_until).getUTCFullYear()).toBe(new Date(soon).getUTCFullYear() + 1);
    expect(JSON.parse(after.product_ids)).toEqual([products[0].id]);
    const items = await t.call('GET', '/api/profile/paymentItems', { token: owner2 });
    expect(items.body.data[0]).toMatchObject({ kind: 'renewal', totalPence: products[0].pricePence });
    expect((await lastMailTo(t.database.db, 'owner2@demo.test'))?.subject).toBe(`Vessel Link: receipt ${items.body.data[0].number} for Northern Star`);
  });

  it('takes notice of non-renewal only 28 days or more before the term ends', async () => {
    const [row] = await t.database.db('vessel_subscriptions').where({ vessel_id: vesselId, auto_renew: true });
    await t.database
      .db('vessel_subscriptions')
      .where({ id: row.id })
      .update({ valid_from: new Date(Date.now() - 340 * DAY).toISOString(), valid_until: new Date(Date.now() + 20 * DAY).toISOString() });
    const late = await t.call('POST', '/api/billing/cancelSubscription', { token: owner2, payload: { vesselId } });
    expect(late.status).toBe(418);
    expect(late.body.message).toMatch(/^Notice of non-renewal must be given at least 28 days before the term ends\. This term ends on/);

    await t.database
      .db('vessel_subscriptions')
      .where({ id: row.id })
      .update({ valid_until: new Date(Date.now() + 60 * DAY).toISOString() });
    const notice = await t.call('POST', '/api/billing/cancelSubscription', { token: owner2, payload: { vesselId } });
    expect(notice.status).toBe(200);
    expect(notice.body.data.subscription).toMatchObject({ autoRenew: false, renewsOn: null, valid: true });
    expect(notice.body.data.subscription.noticeGivenAt).not.toBeNull();
  });

  it('ends a new subscription with a full refund within 7 days of its start', async () => {
    await t.call('POST', '/api/billing/createVesselSubscriptionWithVoucher', {
      token: owner,
      payload: { vesselId: vessels['Blue Horizon'], voucherCode: 'CAMERAS6M' },
    });
    const blue = vessels['Blue Horizon'];
    await t.database
      .db('vessel_subscriptions')
      .where({ vessel_id: blue })
      .update({ valid_until: new Date(Date.now() - DAY).toISOString() });
    const created = await t.call('POST', '/api/billing/createVesselSubscription', { token: owner, payload: { vesselId: blue, productIds: [products[0].id] } });
    expect(created.status).toBe(200);
    const ended = await t.call('POST', '/api/billing/cancelSubscription', { token: owner, payload: { vesselId: blue } });
    expect(ended.status).toBe(200);
    expect(ended.body.data.refundedPence).toBe(products[0].pricePence);
    expect(ended.body.data.subscription.valid).toBe(false);
    const invoice = (await t.call('GET', '/api/profile/paymentItems', { token: owner })).body.data[0];
    expect(invoice.refundedAt).not.toBeNull();
    expect((await t.call('POST', '/api/billing/cancelSubscription', { token: owner2, payload: { vesselId: blue } })).status).toBe(404);
  });

  it('says a voucher paid the term and a card the products added to it (issue 44)', async () => {
    const blue = vessels['Blue Horizon'];
    const subscriptionOf = async () => (await t.call('GET', `/api/vessel/${blue}/products`, { token: owner })).body.data.subscription;
    expect(
      (await t.call('POST', '/api/billing/createVesselSubscriptionWithVoucher', { token: owner, payload: { vesselId: blue, voucherCode: 'WELCOME2026' } }))
        .status,
    ).toBe(200);
    const given = await subscriptionOf();
    expect(given).toMatchObject({ valid: true, paidBy: 'voucher' });
    const extra = products.find((product) => !given.products.some((held: { id: number }) => held.id === product.id))!;
    const changed = await t.call('POST', '/api/billing/changeSubscriptionProducts', {
      token: owner,
      payload: { vesselId: blue, productIds: [...given.products.map((held: { id: number }) => held.id), extra.id] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.invoice).not.toBeNull();
    expect(await subscriptionOf()).toMatchObject({ valid: true, paidBy: 'voucher-and-card' });
  });
});

describe('a server without a payment provider', () => {
  it('offers no card payment and says to redeem a voucher', async () => {
    const bare = await createTestServer({ demo: true, env: { PAYMENT_PROVIDER: 'none' } });
    try {
      const token = await bare.login('owner@demo.test');
      const seaBreeze = (await bare.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
      expect((await bare.call('GET', `/api/vessel/${seaBreeze}/products`, { token })).body.data.cardPayments).toBe(false);
      const res = await bare.call('POST', '/api/profile/newPaymentMethod', { token, payload: card('4242424242424242') });
      expect(res.status).toBe(418);
      expect(res.body.message).toBe('Card payments are not offered on this server. Redeem a voucher instead, or ask your dealer for one.');
    } finally {
      await bare.close();
    }
  });
});
