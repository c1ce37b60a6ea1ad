/**
 * Custom alerts: a vessel's rules on its properties, kept by alertManager MANAGE, read with
 * VIEW, validated field by field, and judged on ingest through a real bridge like warning levels.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { delta, type TestBridge } from '../mqtt/helpers.js';
import { propertyIdOf, seaBreezeOnline, type SeaBreezeOnline } from '../helpers/sea-breeze.js';

const FUEL = 'tanks.fuel.main.currentLevel';

let t: TestServer;
let owner: string;
let crew: string;
let owner2: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let fuelId: number;
let ruleId: number;

let seaBreeze: SeaBreezeOnline;

beforeAll(async () => {
  ({ t, owner, crew, owner2, bridge, client } = seaBreeze = await seaBreezeOnline('BR-CUSTOM', { inventory: true }));
  fuelId = await propertyIdOf(seaBreeze, FUEL);
});
afterAll(() => seaBreeze.close());

const T0 = Date.now() - 600_000;
const send = (value: number, atSeconds: number) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: FUEL, value }], { timestamp: new Date(T0 + atSeconds * 1000).toISOString() }), {
    qos: 1,
  });
const url = (suffix = '') => `/api/vessel/${bridge.vesselId}/customAlerts${suffix}`;
const customAlerts = () => t.database.db('alerts').where({ bridge_id: bridge.id, origin: 'custom' }).orderBy('id');
const rule = { propertyId: 0, comparison: '<', threshold: 0.2, durationSeconds: 30, priority: 'warning', message: 'Fuel below 20 %' };

describe('keeping custom alerts', () => {
  it('validates every field, naming it', async () => {
    const post = (payload: Record<string, unknown>) => t.call('POST', url(), { token: owner, payload: { ...rule, propertyId: fuelId, ...payload } });
    expect((await post({ comparison: '=>' })).body.message).toMatch(/comparison/);
    expect((await post({ threshold: 'low' })).body.message).toMatch(/threshold/);
    expect((await post({ durationSeconds: -1 })).body.message).toMatch(/durationSeconds/);
    expect((await post({ priority: 'urgent' })).body.message).toMatch(/priority/);
    expect((await post({ message: '' })).body.message).toMatch(/message/);
    const foreign = await post({ propertyId: 999_999 });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/propertyId/);
  });

  it('MANAGE writes, VIEW reads, another tenant gets 404', async () => {
    expect((await t.call('POST', url(), { token: crew, payload: { ...rule, propertyId: fuelId } })).status).toBe(403);
    const created = await t.call('POST', url(), { token: owner, payload: { ...rule, propertyId: fuelId } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ path: FUEL, comparison: '<', threshold: 0.2, durationSeconds: 30, priority: 'warning', paused: false });
    ruleId = created.body.data.id;
    expect((await t.call('GET', url(), { token: crew })).body.data).toEqual([expect.objectContaining({ id: ruleId })]);
    expect((await t.call('GET', url(`/${ruleId}`), { token: crew })).body.data.id).toBe(ruleId);
    expect((await t.call('PUT', url(`/${ruleId}`), { token: crew, payload: { ...rule, propertyId: fuelId } })).status).toBe(403);
    expect((await t.call('GET', url(), { token: owner2 })).status).toBe(404);
    expect((await t.call('GET', url('/999999'), { token: owner })).status).toBe(404);
    expect((await t.call('POST', url(`/${ruleId}/pause`), { token: owner })).body.message).toMatch(/paused/);
  });
});

describe('judging custom alerts on ingest', () => {
  it('raises once the rule has held for its duration, and clears when it no longer holds', async () => {
    await send(0.5, 0);
    for (let s = 1; s <= 30; s++) await send(0.15, s);
    expect(await customAlerts()).toHaveLength(0);
    await send(0.15, 31);
    const [raised] = await customAlerts();
    expect(raised).toMatchObject({ state: 'warn', priority: 'warning', message: 'Fuel below 20 %', path: FUEL, cleared_at: null });
    for (let s = 32; s <= 40; s++) await send(0.1, s);
    expect(await customAlerts()).toHaveLength(1);
    await send(0.6, 41);
    expect((await customAlerts())[0].cleared_at).not.toBeNull();
  });

  it('a paused rule raises nothing; pausing clears its alert', async () => {
    for (let s = 50; s <= 81; s++) await send(0.1, s);
    expect((await customAlerts()).at(-1).cleared_at).toBeNull();
    const paused = await t.call('POST', url(`/${ruleId}/pause?paused=true`), { token: owner });
    expect(paused.body.data.paused).toBe(true);
    expect((await customAlerts()).at(-1).cleared_at).not.toBeNull();
    for (let s = 82; s <= 120; s++) await send(0.1, s);
    expect((await customAlerts()).filter((a: { cleared_at: string | null }) => !a.cleared_at)).toHaveLength(0);
  });

  it('is removed with DELETE', async () => {
    expect((await t.call('DELETE', url(`/${ruleId}`), { token: owner })).body.data).toEqual({ id: ruleId, deleted: true });
    expect((await t.call('GET', url(), { token: owner })).body.data).toEqual([]);
  });
});
