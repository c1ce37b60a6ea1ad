/**
 * Warning levels on a property: set by deviceManager MANAGE, shown on the property, and judged
 * on ingest through a real bridge: crossed only after the delay (by measurement time), held by
 * the hysteresis, so a value hovering at a level raises one alert.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, newWatch } from '../../src/modules/alerts/levels/watch.js';
import type { TestServer } from '../helpers/server.js';
import { delta, type TestBridge } from '../mqtt/helpers.js';
import { propertyIdOf, seaBreezeOnline, type SeaBreezeOnline } from '../helpers/sea-breeze.js';

const VOLTAGE = 'electrical.batteries.house.voltage';

let t: TestServer;
let owner: string;
let crew: string;
let owner2: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let voltageId: number;

let seaBreeze: SeaBreezeOnline;

beforeAll(async () => {
  ({ t, owner, crew, owner2, bridge, client } = seaBreeze = await seaBreezeOnline('BR-LEVELS', { inventory: true }));
  voltageId = await propertyIdOf(seaBreeze, VOLTAGE);
});
afterAll(() => seaBreeze.close());

/** Measurement times start ten minutes ago and move only as the test says. */
const T0 = Date.now() - 600_000;
const send = (value: number, atSeconds: number) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: VOLTAGE, value }], { timestamp: new Date(T0 + atSeconds * 1000).toISOString() }), {
    qos: 1,
  });
const setLevels = (payload: Record<string, unknown>, token = owner) =>
  t.call('POST', '/api/devices/setPropertyWarningLevels', { token, payload: { propertyId: voltageId, ...payload } });
const levelAlerts = () => t.database.db('alerts').where({ bridge_id: bridge.id, origin: 'level', path: VOLTAGE }).orderBy('id');

describe('setting warning levels', () => {
  it('validates the levels, naming the field', async () => {
    const inverted = await setLevels({ highWarning: 15, highCritical: 14 });
    expect(inverted.status).toBe(400);
    expect(inverted.body.message).toMatch(/highCritical/);
    const negative = await setLevels({ highWarning: 15, hysteresis: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toMatch(/hysteresis/);
    expect((await setLevels({ highWarning: 'x' })).body.message).toMatch(/highWarning/);
    expect((await t.call('POST', '/api/devices/setPropertyWarningLevels', { token: owner, payload: {} })).body.message).toMatch(/propertyId/);
  });

  it('needs deviceManager MANAGE; another tenant’s property is not found', async () => {
    expect((await setLevels({ highWarning: 14.4 }, crew)).status).toBe(403);
    const foreign = await setLevels({ highWarning: 14.4 }, owner2);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Property not found');
    const missing = await t.call('POST', '/api/devices/setPropertyWarningLevels', { token: owner, payload: { propertyId: 999_999, highWarning: 1 } });
    expect(missing.body.message).toBe('Property not found');
  });

  it('shows the levels on the property, null when none', async () => {
    const set = await setLevels({ highWarning: 14.4, highCritical: 15, lowWarning: 11.8, hysteresis: 0.2, delaySeconds: 10 });
    expect(set.status).toBe(200);
    const devices = (await t.call('GET', `/api/vessel/${bridge.vesselId}/devices`, { token: crew })).body.data;
    const properties = devices.flatMap((d: { properties: Array<{ id: number }> }) => d.properties);
    expect(properties.find((p: { id: number }) => p.id === voltageId).warningLevels).toEqual({
      lowCritical: null,
      lowWarning: 11.8,
      highWarning: 14.4,
      highCritical: 15,
      hysteresis: 0.2,
      delaySeconds: 10,
    });
    expect(properties.filter((p: { id: number }) => p.id !== voltageId).every((p: { warningLevels: unknown }) => p.warningLevels === null)).toBe(true);
  });
});

describe('judging values on ingest', () => {
  it('raises one warning for a value hovering at the level, only after the delay', async () => {
    await send(13.2, 0);
    // Past the level for 9 s, dipping back, then past it again: not yet.
    for (let s = 1; s <= 10; s++) await send(14.5, s);
    await send(14.3, 10.5);
    expect(await levelAlerts()).toHaveLength(0);
    for (let s = 11; s <= 21; s++) await send(14.5, s);
    // Then hovering either side of the level, inside the hysteresis band.
    for (let s = 22; s <= 80; s++) await send(s % 2 ? 14.35 : 14.45, s);
    const alerts = await levelAlerts();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ state: 'warn', cleared_at: null });
    expect(alerts[0].message).toMatch(/Voltage is above its high warning level of 14.40 V/);
    const active = (await t.call('GET', '/api/alerts/active', { token: owner })).body.data;
    expect(active).toEqual(expect.arrayContaining([expect.objectContaining({ origin: 'level', path: VOLTAGE, state: 'warn', vesselId: bridge.vesselId })]));
  });

  it('rises to an alarm past the critical level, and clears once back inside by the hysteresis', async () => {
    for (let s = 81; s <= 91; s++) await send(15.3, s);
    const [alert] = await levelAlerts();
    expect(alert).toMatchObject({ state: 'alarm', cleared_at: null });
    await send(14.1, 92);
    expect((await levelAlerts())[0]).toMatchObject({ state: 'normal' });
    expect((await levelAlerts())[0].cleared_at).not.toBeNull();
    // A late sample from before the clear changes nothing.
    await send(15.3, 88);
    expect(await levelAlerts()).toHaveLength(1);
  });

  it('removing the levels clears their alert', async () => {
    for (let s = 100; s <= 110; s++) await send(11.5, s);
    expect((await levelAlerts()).at(-1)).toMatchObject({ state: 'warn', cleared_at: null });
    expect((await setLevels({})).body.data).toEqual({ propertyId: voltageId, warningLevels: null });
    expect((await levelAlerts()).at(-1).cleared_at).not.toBeNull();
    await send(5, 111);
    expect((await levelAlerts()).filter((a: { cleared_at: string | null }) => !a.cleared_at)).toHaveLength(0);
  });
});

describe('the level watch', () => {
  const levels = { lowCritical: 10, lowWarning: 11, highWarning: 14, highCritical: 15, hysteresis: 0.5, delaySeconds: 5 };

  it('judges by measurement time and ignores older values', () => {
    const watch = newWatch(levels);
    expect(judge(watch, 12, 0)).toBe('normal');
    expect(judge(watch, 9, 1000)).toBeNull();
    expect(judge(watch, 9, 5999)).toBeNull();
    expect(judge(watch, 9, 6000)).toBe('lowCritical');
    expect(judge(watch, 12, 3000)).toBeNull();
    expect(judge(watch, 10.4, 7000)).toBeNull();
    expect(judge(watch, 10.6, 8000)).toBe('lowWarning');
    expect(judge(watch, 11.6, 9000)).toBe('normal');
  });

  it('after loading, waits for the delay rather than clearing an alert raised before', () => {
    const watch = newWatch(levels);
    expect(judge(watch, 16, 0)).toBeNull();
    expect(judge(watch, 16, 5000)).toBe('highCritical');
  });
});

describe('the alert log of a device', () => {
  const deviceOf = async () => (await t.database.db('device_properties').where({ id: voltageId }).first()).device_id;

  it('lists the transitions of the alerts on its properties, newest first, and takes notes', async () => {
    const deviceId = await deviceOf();
    const log = (await t.call('GET', `/api/devices/${deviceId}/alertLogs`, { token: crew })).body.data;
    expect(log.map((e: { action: string }) => e.action).slice(0, 3)).toEqual(['rectified', 'raised', 'rectified']);
    expect(log.every((e: { path: string }) => e.path === VOLTAGE)).toBe(true);

    const crewNote = await t.call('POST', '/api/devices/alertLogs/addNote', {
      token: crew,
      payload: { alertLogId: log[0].id, messageText: 'Charger checked' },
    });
    expect(crewNote.status).toBe(403);
    const note = await t.call('POST', '/api/devices/alertLogs/addNote', { token: owner, payload: { alertLogId: log[0].id, messageText: 'Charger checked' } });
    expect(note.body.data).toMatchObject({ action: 'note', messageText: 'Charger checked', alertId: log[0].alertId });
    expect(
      (await t.call('POST', '/api/devices/alertLogs/addNote', { token: owner, payload: { alertLogId: log[0].id, messageText: ' ' } })).body.message,
    ).toMatch(/messageText/);
    expect((await t.call('POST', '/api/devices/alertLogs/addNote', { token: owner2, payload: { alertLogId: log[0].id, messageText: 'x' } })).status).toBe(404);

    const page = await t.call('POST', '/api/devices/alertLogs/page', { token: owner, payload: { page: 0, size: 2, filter: { deviceId } } });
    expect(page.body.data.content).toHaveLength(2);
    expect(page.body.data.content[0]).toMatchObject({ action: 'note' });
    expect(page.body.data.totalElements).toBe(log.length + 1);
    expect((await t.call('POST', '/api/devices/alertLogs/page', { token: owner, payload: { filter: {} } })).body.message).toMatch(/deviceId/);
    expect((await t.call('GET', `/api/devices/${deviceId}/alertLogs`, { token: owner2 })).status).toBe(404);

    // Only some kinds of entry: the notes, or the notes and the raisings; the page filter likewise.
    const notes = await t.call('POST', `/api/devices/${deviceId}/alertLogs`, { token: owner, payload: { actions: ['note'] } });
    expect(notes.body.data).toEqual([expect.objectContaining({ action: 'note', messageText: 'Charger checked' })]);
    const raisedOrNotes = await t.call('POST', `/api/devices/${deviceId}/alertLogs`, { token: owner, payload: { actions: ['note', 'raised'] } });
    expect(new Set(raisedOrNotes.body.data.map((e: { action: string }) => e.action))).toEqual(new Set(['note', 'raised']));
    expect((await t.call('POST', `/api/devices/${deviceId}/alertLogs`, { token: owner, payload: {} })).body.data).toHaveLength(log.length + 1);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await t.call('POST', `/api/devices/${deviceId}/alertLogs`, { token: owner, payload: { from: future } })).body.data).toEqual([]);
    const bad = await t.call('POST', `/api/devices/${deviceId}/alertLogs`, { token: owner, payload: { actions: ['deleted'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/actions/);
    expect((await t.call('POST', `/api/devices/${deviceId}/alertLogs`, { token: owner2, payload: {} })).status).toBe(404);
    const notePage = await t.call('POST', '/api/devices/alertLogs/page', { token: owner, payload: { filter: { deviceId, actions: ['note'] } } });
    expect(notePage.body.data).toMatchObject({ totalElements: 1, content: [expect.objectContaining({ action: 'note' })] });
  });
});

describe('changing the levels', () => {
  it('judges the current value at once, without waiting for the bridge’s next report', async () => {
    // The bridge's latest value is 5 V (measured after the levels were removed, which cleared
    // their alert): a low warning level above it is crossed on saving.
    await send(5, 700);
    const before = (await levelAlerts()).length;
    expect((await setLevels({ lowWarning: 11 })).status).toBe(200);
    const alerts = await levelAlerts();
    expect(alerts).toHaveLength(before + 1);
    expect(alerts.at(-1)).toMatchObject({ state: 'warn', cleared_at: null });
    expect(alerts.at(-1).message).toMatch(/Voltage is below its low warning level of 11.00 V \(5.00 V\)/);
  });
});
