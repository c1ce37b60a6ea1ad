/**
 * One lifecycle for every alarm: acknowledged, silenced until a time (then sounding again),
 * rectified before anyone acknowledged it, cleared; every transition logged with who and when.
 * The lifecycle's clock is the test's: silences run out when the test moves time, not by waiting.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertLifecycle } from '../../src/modules/alerts/lifecycle.js';
import type { TestServer } from '../helpers/server.js';
import { delta, type TestBridge } from '../mqtt/helpers.js';
import { seaBreezeOnline, type SeaBreezeOnline } from '../helpers/sea-breeze.js';
import type { ServerClock } from '../../src/platform/clock.js';

let t: TestServer;
let owner: string;
let crew: string;
let owner2: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let lifecycle: AlertLifecycle;
/** The server's clock, stopped at the start and moved by the test. */
let clock: ServerClock;
const announced: Array<Record<string, unknown>> = [];

let seaBreeze: SeaBreezeOnline;

beforeAll(async () => {
  ({ t, owner, crew, owner2, bridge, client } = seaBreeze = await seaBreezeOnline('BR-LIFECYCLE'));
  lifecycle = t.server.plugins.alerts.lifecycle;
  clock = t.server.app.ctx.clock;
  clock.set(Date.now());
  t.server.app.ctx.events.on('vessel.alert', ({ alert }) => void announced.push(alert));
});
afterAll(() => seaBreeze.close());

let measured = Date.now() - 60_000;
const notify = (path: string, value: unknown) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path, value }], { timestamp: new Date((measured += 10)).toISOString() }), { qos: 1 });
const alertsUrl = () => `/api/vessel/${bridge.vesselId}/alerts`;
const byPath = async (path: string) =>
  ((await t.call('GET', alertsUrl(), { token: owner })).body.data as Array<{ path: string; id: number }>).find((a) => a.path === path)!;
const act = (id: number, action: 'ack' | 'silence', payload?: unknown, token = owner) => t.call('POST', `${alertsUrl()}/${id}/${action}`, { token, payload });

describe('silencing', () => {
  it('lasts 30 s by default, then the alarm sounds again and is announced', async () => {
    await notify('notifications.bilge.aft', { state: 'alarm', message: 'Bilge high' });
    const alert = await byPath('notifications.bilge.aft');
    expect(alert).toMatchObject({ status: 'active-unacknowledged', priority: 'alarm', silenced: false });
    const silenced = await act(alert.id, 'silence');
    expect(silenced.body.data).toMatchObject({ status: 'silenced', silenced: true, silencedUntil: new Date(clock.now() + 30_000).toISOString() });

    clock.advance(29_000);
    await lifecycle.sweep();
    expect(await byPath('notifications.bilge.aft')).toMatchObject({ status: 'silenced' });
    clock.advance(1_000);
    announced.length = 0;
    await lifecycle.sweep();
    expect(await byPath('notifications.bilge.aft')).toMatchObject({ status: 'active-unacknowledged', silenced: false, silencedUntil: null });
    expect(announced).toEqual([expect.objectContaining({ id: alert.id, change: 'unsilenced', status: 'active-unacknowledged' })]);
  });

  it('lasts at most an hour, and at most a minute for an emergency', async () => {
    const alert = await byPath('notifications.bilge.aft');
    const tooLong = await act(alert.id, 'silence', { seconds: 3601 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/seconds/);
    expect((await act(alert.id, 'silence', { seconds: 3600 })).body.data.silencedUntil).toBe(new Date(clock.now() + 3_600_000).toISOString());

    await notify('notifications.engine.fire', { state: 'emergency', message: 'Fire in the engine room' });
    const fire = await byPath('notifications.engine.fire');
    expect((await act(fire.id, 'silence', { seconds: 600 })).body.data).toMatchObject({
      priority: 'emergency',
      silencedUntil: new Date(clock.now() + 60_000).toISOString(),
    });
  });

  it('a rise in priority asks for acknowledgement again and ends the silence', async () => {
    await notify('notifications.tanks.fuel.low', { state: 'warn', message: 'Fuel low' });
    const fuel = await byPath('notifications.tanks.fuel.low');
    await act(fuel.id, 'ack');
    expect(await byPath('notifications.tanks.fuel.low')).toMatchObject({ status: 'active-acknowledged' });
    await notify('notifications.tanks.fuel.low', { state: 'alarm', message: 'Fuel very low' });
    expect(await byPath('notifications.tanks.fuel.low')).toMatchObject({ status: 'active-unacknowledged', priority: 'alarm', acknowledgedAt: null });
  });
});

describe('rectified before anyone acknowledged', () => {
  it('stays active until acknowledged, then is cleared', async () => {
    await notify('notifications.battery.low', { state: 'alert', message: 'Battery low' });
    await notify('notifications.battery.low', null);
    const rectified = await byPath('notifications.battery.low');
    expect(rectified).toMatchObject({ status: 'rectified-unacknowledged', priority: 'caution', state: 'normal' });
    const active = (await t.call('GET', '/api/alerts/active', { token: owner })).body.data;
    expect(active.map((a: { id: number }) => a.id)).toContain(rectified.id);
    expect((await act(rectified.id, 'ack')).body.data).toMatchObject({ status: 'cleared' });
  });

  it('an acknowledged alarm whose condition clears is cleared', async () => {
    await notify('notifications.battery.low', { state: 'alert', message: 'Battery low' });
    const again = await byPath('notifications.battery.low');
    await act(again.id, 'ack');
    await notify('notifications.battery.low', null);
    expect(await byPath('notifications.battery.low')).toMatchObject({ id: again.id, status: 'cleared' });
  });
});

describe('permissions and tenants', () => {
  it('alertManager VIEW reads, MANAGE acts; another tenant gets 404', async () => {
    const alert = await byPath('notifications.bilge.aft');
    expect((await t.call('GET', alertsUrl(), { token: crew })).status).toBe(200);
    expect((await act(alert.id, 'ack', undefined, crew)).status).toBe(403);
    expect((await act(alert.id, 'silence', undefined, crew)).status).toBe(403);
    expect((await act(alert.id, 'ack', undefined, owner2)).status).toBe(404);
    expect((await t.call('GET', alertsUrl(), { token: owner2 })).status).toBe(404);
  });
});

describe('the alert history', () => {
  it('filters by priority, status and path, and sorts only by the keys it offers', async () => {
    const page = (filter: Record<string, unknown>, sort?: string) =>
      t.call('POST', '/api/alerts/history/page', { token: owner, payload: { filter: { vesselId: bridge.vesselId, ...filter }, ...(sort ? { sort } : {}) } });
    expect((await page({ priority: 'emergency' })).body.data.content).toEqual([expect.objectContaining({ path: 'notifications.engine.fire' })]);
    expect((await page({ status: 'cleared' })).body.data.content.every((a: { status: string }) => a.status === 'cleared')).toBe(true);
    expect((await page({ path: 'notifications.battery.low' })).body.data.totalElements).toBe(2);
    expect((await page({ status: 'sounding' })).status).toBe(400);
    expect((await page({}, 'constructor,asc')).status).toBe(200);
  });

  it('records every transition with who made it', async () => {
    const alert = await byPath('notifications.bilge.aft');
    const log = await t.database.db('alert_log').where({ alert_id: alert.id }).orderBy('id');
    const ownerId = (await t.database.db('users').where({ email: 'owner@demo.test' }).first()).id;
    expect(log.map((e: { action: string; user_id: number | null }) => [e.action, e.user_id])).toEqual([
      ['raised', null],
      ['silenced', ownerId],
      ['unsilenced', null],
      ['silenced', ownerId],
    ]);
  });
});
