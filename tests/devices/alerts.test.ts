/**
 * Vessel alerts from Signal K notifications (docs/protocol.md): raised, escalated, cleared, never undone
 * by late messages; acknowledged and silenced by members with alertManager MANAGE.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAlertCounts } from '../../src/modules/alerts/api.js';
import type { TestServer } from '../helpers/server.js';
import { delta, type TestBridge } from '../mqtt/helpers.js';
import { seaBreezeOnline, type SeaBreezeOnline } from '../helpers/sea-breeze.js';

let t: TestServer;
let owner: string;
let crew: string;
let owner2: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;

let seaBreeze: SeaBreezeOnline;

beforeAll(async () => {
  ({ t, owner, crew, owner2, bridge, client } = seaBreeze = await seaBreezeOnline('BR-ALERTS'));
});
afterAll(() => seaBreeze.close());

/** Measurement times are fixed before the tests run, so a slow machine cannot reorder them. */
const T = Date.now();
const notify = (path: string, value: unknown, msAgo: number) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path, value }], { timestamp: new Date(T - msAgo).toISOString() }), { qos: 1 });
const alerts = async (token = owner) => (await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token })).body.data;
const BILGE = 'notifications.bilge.engineRoom';

describe('notifications', () => {
  it('raise an alert, change it, and clear it', async () => {
    await notify(BILGE, { state: 'warn', message: 'Bilge pump running often', method: ['visual'] }, 5000);
    const [raised] = await alerts();
    expect(raised).toMatchObject({ path: BILGE, state: 'warn', message: 'Bilge pump running often', clearedAt: null, acknowledgedAt: null, silenced: false });
    expect(await activeAlertCounts(t.database.db, [bridge.vesselId])).toEqual(new Map([[bridge.vesselId, 1]]));

    const ack = await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/${raised.id}/ack`, { token: owner });
    expect(ack.body.data.acknowledgedAt).not.toBeNull();
    // Escalation asks for acknowledgement again.
    await notify(BILGE, { state: 'alarm', message: 'High bilge water' }, 4000);
    expect((await alerts())[0]).toMatchObject({ id: raised.id, state: 'alarm', message: 'High bilge water', acknowledgedAt: null });

    await notify(BILGE, { state: 'normal', message: '' }, 3000);
    // Nobody acknowledged the alarm: rectified, it stays active until someone does.
    const [rectified] = await alerts();
    expect(rectified).toMatchObject({ id: raised.id, state: 'normal', status: 'rectified-unacknowledged', priority: 'alarm' });
    expect(rectified.clearedAt).not.toBeNull();
    expect((await t.call('GET', '/api/alerts/active', { token: owner })).body.data).toEqual([expect.objectContaining({ id: raised.id })]);
    await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/${raised.id}/ack`, { token: owner });
    expect((await alerts())[0]).toMatchObject({ id: raised.id, status: 'cleared' });
    expect((await t.call('GET', '/api/alerts/active', { token: owner })).body.data).toEqual([]);
  });

  it('is not undone by an older notification arriving late', async () => {
    await notify(BILGE, { state: 'alarm', message: 'stale alarm from the buffer' }, 3500);
    expect((await t.call('GET', '/api/alerts/active', { token: owner })).body.data).toEqual([]);
  });

  it('clears with a null value, and raises again as a new alert', async () => {
    await notify('notifications.engine.main.overTemperature', { state: 'emergency', message: 'Engine overheating' }, 2000);
    const active = (await t.call('GET', '/api/alerts/active', { token: owner })).body.data;
    expect(active).toEqual([expect.objectContaining({ path: 'notifications.engine.main.overTemperature', state: 'emergency', vesselId: bridge.vesselId })]);
    await notify('notifications.engine.main.overTemperature', null, 1000);
    const [rectified] = (await t.call('GET', '/api/alerts/active', { token: owner })).body.data;
    expect(rectified).toMatchObject({ status: 'rectified-unacknowledged', priority: 'emergency' });
    await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/${rectified.id}/ack`, { token: owner });
    expect((await t.call('GET', '/api/alerts/active', { token: owner })).body.data).toEqual([]);
    await notify(BILGE, { state: 'warn', message: 'again' }, 500);
    const list = await alerts();
    expect(list[0]).toMatchObject({ path: BILGE, state: 'warn', clearedAt: null });
    expect(list.filter((a: { path: string }) => a.path === BILGE)).toHaveLength(2);
  });
});

describe('acknowledging and silencing', () => {
  it('needs alertManager MANAGE; crew with VIEW may read only', async () => {
    const [active] = await alerts(crew);
    expect(active.clearedAt).toBeNull();
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/${active.id}/silence`, { token: crew })).status).toBe(403);
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/silenceAll`, { token: crew })).status).toBe(403);
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token: owner2 })).status).toBe(404);
    expect((await t.call('GET', '/api/alerts/active', { token: owner2 })).body.data).toEqual([]);

    const silenced = await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/${active.id}/silence`, { token: owner });
    expect(silenced.body.data.silenced).toBe(true);
    await notify('notifications.tanks.freshWater.low', { state: 'alert', message: 'Fresh water low' }, 100);
    const all = await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/silenceAll`, { token: owner });
    expect(all.body.data).toEqual({ silenced: 1 });
    expect((await alerts()).filter((a: { clearedAt: string | null }) => !a.clearedAt).every((a: { silenced: boolean }) => a.silenced)).toBe(true);
  });

  it('answers 404 for an alert of another vessel', async () => {
    const [active] = await alerts();
    const northernStar = (await t.database.db('vessels').where({ name: 'Northern Star' }).first()).id;
    expect((await t.call('POST', `/api/vessel/${northernStar}/alerts/${active.id}/ack`, { token: owner2 })).status).toBe(404);
  });
});

describe('alert history', () => {
  it('pages through the history of the caller’s vessels', async () => {
    const page = await t.call('POST', '/api/alerts/history/page', {
      token: owner,
      payload: { page: 0, size: 2, sort: 'raisedAt,desc', filter: { vesselId: bridge.vesselId } },
    });
    expect(page.status).toBe(200);
    expect(page.body.data.totalElements).toBe(4);
    expect(page.body.data.content).toHaveLength(2);
    const cleared = await t.call('POST', '/api/alerts/history/page', { token: owner, payload: { filter: { active: false } } });
    expect(cleared.body.data.content.every((a: { clearedAt: string | null; vesselId: number }) => a.clearedAt && a.vesselId === bridge.vesselId)).toBe(true);
    expect((await t.call('POST', '/api/alerts/history/page', { token: owner2, payload: {} })).body.data).toEqual({ totalElements: 0, content: [] });
  });
});
