/**
 * Routines: written and validated through the API, run by the engine on a real bridge's values
 * (a real MQTT client answering the commands), on the clock, on online state and on alerts; the
 * modes under overlap, the interlocks, a restart, the traces, testConditions and a dry run.
 * Time moves only when the test says (the server's clock, stopped and moved).
 */
import type { MqttClient } from 'mqtt';
import * as SunCalc from 'suncalc';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PutRequest, PutResponse } from '../../src/mqtt/protocol.js';
import type { ServerClock } from '../../src/platform/clock.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { answerPuts, connectBridge, delta, eventually, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';

const VOLTAGE = 'electrical.batteries.house.voltage';
const LIGHTS = 'electrical.switches.bank.0.1.state';

let t: TestServer;
let owner: string;
let crew: string;
let owner2: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let puts: PutRequest[];
let voltage: number;
let lights: number;
let fuel: number;
/** The server's clock, stopped at a known morning and moved by the test. */
let clock: ServerClock;

function answer(request: PutRequest): PutResponse[] {
  return [
    { requestId: request.requestId, state: 'PENDING', statusCode: 202 },
    { requestId: request.requestId, state: 'COMPLETED', statusCode: 200 },
  ];
}

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  clock = t.server.app.ctx.clock;
  clock.set(Date.parse('2026-11-24T10:00:00Z'));
  const admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  crew = await t.login('crew@demo.test');
  owner2 = await t.login('owner2@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-ROUTINES');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  puts = await answerPuts(client, bridge.serial, answer);
  const properties = await eventually(async () => {
    const rows = await t.database.db('device_properties').where({ bridge_id: bridge.id });
    return rows.length >= 5 ? rows : null;
  }, 'inventory');
  const idOf = (path: string) => properties.find((p: { path: string }) => p.path === path).id as number;
  voltage = idOf(VOLTAGE);
  lights = idOf(LIGHTS);
  fuel = idOf('tanks.fuel.main.currentLevel');
  await eventually(async () => (await t.call('GET', `/api/vessel/vesselOnline?vesselId=${bridge.vesselId}`, { token: owner })).body.data.online, 'online');
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

const url = (suffix = '') => `/api/vessel/${bridge.vesselId}/routines${suffix}`;
const engine = () => t.server.plugins.routines.engine;
/**
 * Values are measured by the wall clock (the server keeps no value from too far in the future),
 * each after the last; the engine's holds and waits run on the test clock.
 */
let valueAt = 0;
/** Publishes values measured now and waits until the engine has handled them. */
async function publish(values: Array<{ path: string; value: unknown }>) {
  valueAt = Math.max(valueAt + 1, Date.now());
  const before = await t.database.db('value_series').where({ bridge_id: bridge.id, path: values[0]!.path }).first();
  await client.publishAsync(`bridges/${bridge.serial}/delta`, delta(values, { timestamp: new Date(valueAt).toISOString() }), { qos: 1 });
  await eventually(async () => {
    const row = await t.database.db('value_series').where({ bridge_id: bridge.id, path: values[0]!.path }).first();
    return row && Number(row.ts_ms) !== Number(before?.ts_ms ?? -1);
  }, 'value stored');
  await engine().idle();
}
const create = async (routine: Record<string, unknown>, token = owner) => {
  const res = await t.call('POST', url('/create'), { token, payload: routine });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
};
const runs = async (id: number) => (await t.call('GET', url(`/${id}/runs`), { token: owner })).body.data as Array<Record<string, any>>;
const finishedRuns = async (id: number, n: number) => {
  await engine().idle();
  return eventually(async () => {
    const list = await runs(id);
    return list.length >= n && list.every((r) => r.outcome !== 'running') ? list : null;
  }, `${n} finished runs`);
};
const remove = (id: number) => t.call('DELETE', url(`/${id}`), { token: owner });

const lowBattery = (extra: Record<string, unknown> = {}) => ({
  name: 'Low battery: generator on',
  triggers: [{ type: 'property', propertyId: voltage, comparison: '<', value: 12.2, forSeconds: 120 }],
  actions: [
    { type: 'command', propertyId: lights, value: 1 },
    { type: 'notify', message: 'House battery low: generator switched on' },
  ],
  ...extra,
});

describe('writing routines', () => {
  it('validates every field, naming it', async () => {
    const post = (payload: Record<string, unknown>) => t.call('POST', url('/create'), { token: owner, payload: { ...lowBattery(), ...payload } });
    expect((await post({ name: '' })).body.message).toMatch(/name/);
    expect((await post({ mode: 'parallel' })).body.message).toMatch(/mode/);
    expect((await post({ triggers: [] })).body.message).toBe('Add at least one trigger: when should the routine run?');
    expect((await post({ actions: [] })).body.message).toBe('Add at least one action: what should the routine do?');
    expect((await post({ triggers: [{ type: 'time', at: '25:00' }] })).body.message).toMatch(/triggers\[0\]\.at/);
    expect((await post({ triggers: [{ type: 'schedule', cron: 'every morning' }] })).body.message).toMatch(/triggers\[0\]\.cron/);
    expect((await post({ conditions: [{ type: 'time', after: '08:00' }] })).body.message).toMatch(/conditions\[0\]\.before/);
    expect((await post({ actions: [{ type: 'wait', seconds: 0 }] })).body.message).toMatch(/actions\[0\]\.seconds/);
    expect((await post({ timeZone: 'Mars/Olympus' })).body.message).toMatch(/timeZone/);
    const foreign = await post({ triggers: [{ type: 'property', propertyId: 999_999, comparison: '<', value: 1 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/triggers\[0\]\.propertyId is not a property of this vessel/);
    const readOnly = await post({ actions: [{ type: 'command', propertyId: voltage, value: 13 }] });
    expect(readOnly.body.message).toMatch(/actions\[0\]\.propertyId/);
    expect((await post({ actions: [{ type: 'command', propertyId: lights, value: 5 }] })).body.message).toMatch(/actions\[0\]\.value/);
  });

  it('routineManager MANAGE writes, VIEW reads, DENY is refused, another vessel answers 404', async () => {
    expect((await t.call('GET', url(), { token: crew })).status).toBe(403);
    const crewId = (await t.database.db('users').where({ email: 'crew@demo.test' }).first()).id;
    await t.call('POST', `/api/vessel/${bridge.vesselId}/editPermissions`, {
      token: owner,
      payload: { userId: crewId, permissions: { routineManager: 'VIEW' } },
    });
    const id = await create(lowBattery({ enabled: false }));
    expect((await t.call('GET', url(), { token: crew })).body.data).toEqual([
      expect.objectContaining({ id, name: 'Low battery: generator on', enabled: false }),
    ]);
    expect((await t.call('GET', url(`/${id}/runs`), { token: crew })).status).toBe(200);
    expect((await t.call('POST', url('/create'), { token: crew, payload: lowBattery() })).status).toBe(403);
    expect((await t.call('POST', url(`/${id}/pause/true`), { token: crew })).status).toBe(403);
    expect((await t.call('DELETE', url(`/${id}`), { token: crew })).status).toBe(403);
    for (const [method, path] of [
      ['GET', url()],
      ['GET', url(`/${id}/runs`)],
      ['DELETE', url(`/${id}`)],
      ['POST', url(`/${id}/pause/true`)],
    ] as const)
      expect((await t.call(method, path, { token: owner2 })).status).toBe(404);
    expect((await t.call('GET', url('/999999'), { token: owner })).status).toBe(404);
    expect((await remove(id)).status).toBe(200);
    expect((await t.call('GET', url(`/${id}`), { token: owner })).status).toBe(404);
  });

  it('a member without device control may not write a command action', async () => {
    const crewId = (await t.database.db('users').where({ email: 'crew@demo.test' }).first()).id;
    await t.call('POST', `/api/vessel/${bridge.vesselId}/editPermissions`, {
      token: owner,
      payload: { userId: crewId, permissions: { routineManager: 'MANAGE', allowDeviceControl: false } },
    });
    const refused = await t.call('POST', url('/create'), { token: crew, payload: lowBattery() });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/actions\[0\].*device control/);
    const allowed = await t.call('POST', url('/create'), {
      token: crew,
      payload: { ...lowBattery(), actions: [{ type: 'notify', message: 'low' }], enabled: false },
    });
    expect(allowed.status).toBe(200);
    await remove(allowed.body.data.id);
  });
});

describe('running routines', () => {
  beforeEach(async () => {
    // Clear of the one-second command interlock of the previous test's routines.
    clock.advance(2000);
    await publish([
      { path: VOLTAGE, value: 12.8 },
      { path: LIGHTS, value: 0 },
    ]);
  });

  it('a property held below a threshold for 2 minutes switches a device on through the bridge and notifies the author, and the trace says why', async () => {
    const id = await create(lowBattery());
    puts.length = 0;
    await publish([{ path: VOLTAGE, value: 12.0 }]);
    clock.advance(119_000);
    await engine().idle();
    expect(await runs(id)).toHaveLength(0);
    clock.advance(1000);
    const [run] = await finishedRuns(id, 1);
    expect(puts.map((p) => p.put)).toEqual([{ path: LIGHTS, value: 1 }]);
    expect(run).toMatchObject({
      outcome: 'completed',
      trigger: { type: 'property', index: 0, description: expect.stringContaining(`${VOLTAGE} < 12.2 V for 120 s`) },
      conditions: [],
      actions: [
        { index: 0, type: 'command', outcome: 'ok', message: expect.stringContaining('CONFIRMED') },
        { index: 1, type: 'notify', outcome: 'ok' },
      ],
    });
    const mails = await t.database.db('mail_outbox').where('subject', 'like', '%Low battery: generator on%');
    expect(mails.length).toBe(1);
    expect(mails[0].to_address).toContain('owner@demo.test');
    // Still low: no second run until the voltage has come back above and crossed again.
    await publish([{ path: VOLTAGE, value: 11.9 }]);
    clock.advance(300_000);
    await engine().idle();
    expect(await runs(id)).toHaveLength(1);
    const listed = (await t.call('GET', url(), { token: owner })).body.data.find((r: { id: number }) => r.id === id);
    expect(listed.lastRun).toMatchObject({ outcome: 'completed' });
    await remove(id);
  });

  it('a reading back above the threshold before the duration cancels the hold', async () => {
    const id = await create(lowBattery());
    await publish([{ path: VOLTAGE, value: 12.0 }]);
    clock.advance(60_000);
    await publish([{ path: VOLTAGE, value: 12.6 }]);
    clock.advance(120_000);
    await engine().idle();
    expect(await runs(id)).toHaveLength(0);
    await remove(id);
  });

  it('conditions: matchAll needs all of them, otherwise any one; a run whose conditions fail is traced as skipped', async () => {
    const conditions = [
      { type: 'property', propertyId: lights, comparison: '==', value: 1 },
      { type: 'online', online: true },
    ];
    const base = {
      triggers: [{ type: 'property', propertyId: voltage, comparison: '<', value: 12.2 }],
      conditions,
      actions: [{ type: 'raiseAlert', priority: 'warning', message: 'low' }],
    };
    const all = await create({ ...base, name: 'all', matchAll: true });
    const any = await create({ ...base, name: 'any', matchAll: false });
    await publish([{ path: VOLTAGE, value: 12.0 }]);
    const [allRun] = await finishedRuns(all, 1);
    const [anyRun] = await finishedRuns(any, 1);
    expect(allRun).toMatchObject({ outcome: 'skipped', actions: [] });
    expect(allRun!.conditions).toEqual([
      { index: 0, holds: false, value: 0, reason: `${LIGHTS} is 0 bool, not == 1 bool` },
      { index: 1, holds: true, value: true, reason: 'the vessel is online' },
    ]);
    expect(anyRun).toMatchObject({ outcome: 'completed', actions: [{ type: 'raiseAlert', outcome: 'ok' }] });
    const raised = await t.database.db('alerts').where({ bridge_id: bridge.id, origin: 'routine', path: `notifications.routines.${any}` });
    expect(raised).toHaveLength(1);

    const test = (matchAll: boolean) => t.call('POST', url(`/testConditions?matchAll=${matchAll}`), { token: owner, payload: { conditions } });
    expect((await test(true)).body.data).toMatchObject({ holds: false, conditions: [{ holds: false }, { holds: true }] });
    expect((await test(false)).body.data).toMatchObject({ holds: true });
    const foreign = await t.call('POST', url('/testConditions?matchAll=true'), {
      token: owner,
      payload: { conditions: [{ type: 'property', propertyId: 999_999, comparison: '<', value: 1 }] },
    });
    expect(foreign.body.message).toMatch(/conditions\[0\]\.propertyId/);
    await remove(all);
    await remove(any);
  });

  const overlapping = (mode: string) => ({
    name: `overlap ${mode}`,
    mode,
    triggers: [{ type: 'property', propertyId: fuel, comparison: '<', value: 0.5 }],
    actions: [
      { type: 'wait', seconds: 60 },
      { type: 'raiseAlert', priority: 'caution', message: `done ${mode}` },
    ],
  });
  const triggerTwice = async () => {
    await publish([{ path: 'tanks.fuel.main.currentLevel', value: 0.4 }]);
    await publish([{ path: 'tanks.fuel.main.currentLevel', value: 0.9 }]);
    clock.advance(10_000);
    await publish([{ path: 'tanks.fuel.main.currentLevel', value: 0.4 }]);
  };

  it('mode single: a trigger during a run is skipped and traced', async () => {
    await publish([{ path: 'tanks.fuel.main.currentLevel', value: 0.9 }]);
    const id = await create(overlapping('single'));
    await triggerTwice();
    clock.advance(60_000);
    const list = await finishedRuns(id, 2);
    expect(list.map((r) => r.outcome).sort()).toEqual(['completed', 'skipped']);
    expect(list.find((r) => r.outcome === 'skipped')!.conditions[0].reason).toMatch(/already going on/);
    await remove(id);
  });

  it('mode restart: a trigger during a run cancels it and starts again', async () => {
    await publish([{ path: 'tanks.fuel.main.currentLevel', value: 0.9 }]);
    const id = await create(overlapping('restart'));
    await triggerTwice();
    clock.advance(60_000);
    const list = await finishedRuns(id, 2);
    expect(list.map((r) => r.outcome)).toEqual(['completed', 'cancelled']);
    expect(list[1]!.actions[0]).toMatchObject({ type: 'wait', outcome: 'cancelled' });
    await remove(id);
  });

  it('mode queued: a trigger during a run runs after it', async () => {
    await publish([{ path: 'tanks.fuel.main.currentLevel', value: 0.9 }]);
    const id = await create(overlapping('queued'));
    await triggerTwice();
    clock.advance(60_000);
    await engine().idle();
    await eventually(async () => (await runs(id)).length === 2, 'queued run started');
    clock.advance(60_000);
    const list = await finishedRuns(id, 2);
    expect(list.map((r) => r.outcome)).toEqual(['completed', 'completed']);
    await remove(id);
  });

  it('a routine does not trigger itself in a loop', async () => {
    puts.length = 0;
    const id = await create({
      name: 'loop',
      triggers: [{ type: 'property', propertyId: lights, comparison: '==', value: 0 }],
      actions: [
        { type: 'command', propertyId: lights, value: 1 },
        { type: 'command', propertyId: lights, value: 0 },
      ],
    });
    await publish([{ path: LIGHTS, value: 1 }]);
    await publish([{ path: LIGHTS, value: 0 }]);
    await finishedRuns(id, 1);
    await eventually(() => puts.length === 2, 'two commands');
    await engine().idle();
    expect(await runs(id)).toHaveLength(1);
    expect(puts.map((p) => p.put.value)).toEqual([1, 0]);
    await remove(id);
  });

  it('two routines commanding one property within a second: the second is refused and traced', async () => {
    const routine = (name: string) => ({
      name,
      triggers: [{ type: 'property', propertyId: voltage, comparison: '<', value: 12.2 }],
      actions: [{ type: 'command', propertyId: lights, value: 1 }],
    });
    const a = await create(routine('first'));
    const b = await create(routine('second'));
    await publish([{ path: VOLTAGE, value: 12.0 }]);
    const outcomes = [(await finishedRuns(a, 1))[0]!, (await finishedRuns(b, 1))[0]!].map((r) => r.actions[0]);
    expect(outcomes.filter((o) => o.outcome === 'ok')).toHaveLength(1);
    expect(outcomes.find((o) => o.outcome === 'failed')!.message).toMatch(/less than a second ago/);
    await remove(a);
    await remove(b);
  });

  it('a routine acts with its author’s authority as it stands when it runs', async () => {
    const crewId = (await t.database.db('users').where({ email: 'crew@demo.test' }).first()).id;
    const grant = (allowDeviceControl: boolean) =>
      t.call('POST', `/api/vessel/${bridge.vesselId}/editPermissions`, {
        token: owner,
        payload: { userId: crewId, permissions: { routineManager: 'MANAGE', deviceManager: 'VIEW', allowDeviceControl } },
      });
    await grant(true);
    const id = await create(
      {
        name: 'crew lights',
        triggers: [{ type: 'property', propertyId: voltage, comparison: '<', value: 12.2 }],
        actions: [{ type: 'command', propertyId: lights, value: 1 }],
      },
      crew,
    );
    await grant(false);
    puts.length = 0;
    await publish([{ path: VOLTAGE, value: 12.0 }]);
    const [run] = await finishedRuns(id, 1);
    expect(run!.actions[0]).toMatchObject({ outcome: 'failed', message: 'The routine’s author may no longer control devices on this vessel' });
    expect(puts).toHaveLength(0);
    await remove(id);
  });

  it('an alert trigger fires on another routine’s alert being raised, not on its own', async () => {
    const raiser = await create({
      name: 'raiser',
      triggers: [{ type: 'property', propertyId: voltage, comparison: '<', value: 12.2 }],
      actions: [{ type: 'raiseAlert', priority: 'warning', message: 'battery low' }],
    });
    const watcher = await create({
      name: 'watcher',
      triggers: [{ type: 'alert', event: 'raised' }],
      actions: [{ type: 'raiseAlert', priority: 'caution', message: 'saw an alert' }],
    });
    await publish([{ path: VOLTAGE, value: 12.0 }]);
    await finishedRuns(raiser, 1);
    const [run] = await finishedRuns(watcher, 1);
    expect(run!.trigger.description).toMatch(new RegExp(`notifications.routines.${raiser} raised`));
    await engine().idle();
    expect(await runs(watcher)).toHaveLength(1);
    await remove(raiser);
    await remove(watcher);
  });
});

describe('the vessel’s position', () => {
  const MONACO = { lat: 43.7347, lon: 7.4206 };
  const at = async (latitude: number, longitude: number) => {
    valueAt = Math.max(valueAt + 1, Date.now());
    await client.publishAsync(
      `bridges/${bridge.serial}/delta`,
      delta([{ path: 'navigation.position', value: { latitude, longitude } }], { timestamp: new Date(valueAt).toISOString() }),
      { qos: 1 },
    );
    await eventually(
      async () => (await t.call('GET', `/api/vessel/${bridge.vesselId}/location`, { token: owner })).body.data?.lat === latitude,
      'position stored',
    );
    await engine().idle();
  };

  it('leaving and entering the geofence trigger routines', async () => {
    await at(MONACO.lat, MONACO.lon);
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/geofence`, { token: owner, payload: { ...MONACO, radius: 500, delay: 0 } })).status).toBe(200);
    const leave = await create({
      name: 'left',
      triggers: [{ type: 'geofence', event: 'leave' }],
      actions: [{ type: 'notify', message: 'The vessel left its geofence' }],
    });
    const enter = await create({
      name: 'back',
      triggers: [{ type: 'geofence', event: 'enter' }],
      actions: [{ type: 'notify', message: 'The vessel is back' }],
    });
    await at(43.8, 7.6);
    const [left] = await finishedRuns(leave, 1);
    expect(left!.trigger.description).toBe('the vessel left its geofence');
    await at(MONACO.lat, MONACO.lon);
    const [back] = await finishedRuns(enter, 1);
    expect(back!.trigger.description).toBe('the vessel entered its geofence');
    await t.call('POST', `/api/vessel/${bridge.vesselId}/geofence/false`, { token: owner });
    await remove(leave);
    await remove(enter);
  });

  it('a sun trigger is timed by sunset at the vessel’s last position', async () => {
    const id = await create({
      name: 'anchor light',
      timeZone: 'Europe/Monaco',
      triggers: [{ type: 'sun', event: 'sunset', offsetMinutes: 15 }],
      actions: [{ type: 'clearAlert' }],
    });
    const { nextRunAt } = (await t.call('GET', url(`/${id}`), { token: owner })).body.data;
    const sunset = SunCalc.getTimes(new Date(clock.now()), MONACO.lat, MONACO.lon).sunset!.getTime() + 15 * 60_000;
    const expected =
      sunset > clock.now() ? sunset : SunCalc.getTimes(new Date(clock.now() + 86_400_000), MONACO.lat, MONACO.lon).sunset!.getTime() + 15 * 60_000;
    expect(Date.parse(nextRunAt)).toBe(expected);
    clock.advance(Date.parse(nextRunAt) - clock.now());
    const [run] = await finishedRuns(id, 1);
    expect(run!.trigger).toMatchObject({ type: 'sun', description: 'sunset +15 min', at: nextRunAt });
    await remove(id);
  });
});

describe('schedules', () => {
  it('a time of day fires in the routine’s time zone, and a restart neither fires it twice nor misses it', async () => {
    clock.advance(Date.parse('2026-11-25T05:00:00Z') - clock.now());
    const id = await create({ name: 'morning', timeZone: 'Europe/Paris', triggers: [{ type: 'time', at: '07:00' }], actions: [{ type: 'clearAlert' }] });
    const listed = (await t.call('GET', url(`/${id}`), { token: owner })).body.data;
    expect(listed.nextRunAt).toBe('2026-11-25T06:00:00.000Z');
    clock.advance(3600_000);
    const [run] = await finishedRuns(id, 1);
    expect(run!.trigger).toMatchObject({ type: 'time', at: '2026-11-25T06:00:00.000Z' });

    // Restart just after: nothing is due, nothing fires again.
    await engine().stop();
    await engine().start();
    await engine().idle();
    expect(await runs(id)).toHaveLength(1);

    // Down across the next morning: the missed run happens once on start, then never again.
    await engine().stop();
    clock.advance(86_400_000 + 3600_000);
    await engine().start();
    const caughtUp = await finishedRuns(id, 2);
    expect(caughtUp[0]!.trigger.description).toMatch(/was due at 2026-11-26T06:00:00.000Z while the server was stopped/);
    await engine().stop();
    await engine().start();
    await engine().idle();
    expect(await runs(id)).toHaveLength(2);
    await remove(id);
  });

  it('a paused routine does not fire, and resuming does not catch up', async () => {
    const id = await create({ name: 'hourly', timeZone: 'UTC', triggers: [{ type: 'schedule', cron: '0 * * * *' }], actions: [{ type: 'clearAlert' }] });
    const paused = await t.call('POST', url(`/${id}/pause/true`), { token: owner });
    expect(paused.body.data).toMatchObject({ enabled: false, nextRunAt: null });
    clock.advance(3 * 3600_000);
    await engine().idle();
    const resumed = await t.call('POST', url(`/${id}/pause/false`), { token: owner });
    expect(resumed.body.data.enabled).toBe(true);
    await engine().idle();
    expect(await runs(id)).toHaveLength(0);
    clock.advance(3600_000);
    await finishedRuns(id, 1);
    await remove(id);
  });
});

describe('dry run', () => {
  it('over the stored history finds the crossings the bridge reported', async () => {
    const payload = {
      routine: {
        name: 'replay',
        triggers: [{ type: 'property', propertyId: voltage, comparison: '<', value: 12.2 }],
        actions: [{ type: 'notify', message: 'low' }],
      },
      from: new Date(Date.now() - 3600_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    };
    const res = await t.call('POST', url('/dryRun'), { token: owner, payload });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const crossings = res.body.data.series[0].points.filter(
      (p: { value: number }, i: number, all: Array<{ value: number }>) => p.value < 12.2 && (i === 0 || all[i - 1]!.value >= 12.2),
    );
    expect(crossings.length).toBeGreaterThan(0);
    expect(res.body.data.firings.map((f: { at: string }) => f.at)).toEqual(crossings.map((p: { at: string }) => p.at));
    const tooLong = await t.call('POST', url('/dryRun'), { token: owner, payload: { ...payload, from: '2026-01-01T00:00:00Z' } });
    expect(tooLong.body.message).toMatch(/31 days/);
    expect((await t.call('POST', url('/dryRun'), { token: owner2, payload })).status).toBe(404);
  });

  it('over a recorded log answers when the routine would have fired and what it would have done, sending nothing', async () => {
    puts.length = 0;
    const at = (s: number) => new Date(Date.parse('2026-11-20T12:00:00Z') + s * 1000).toISOString();
    const readings: Array<[number, number]> = [
      [0, 12.6],
      [30, 12.1],
      [90, 12.0],
      [150, 11.9],
      [200, 12.5],
      [300, 12.1],
      [330, 12.4],
      [400, 12.0],
      [600, 12.0],
    ];
    const log = readings
      .map(([s, v]) => JSON.stringify({ context: 'vessels.self', updates: [{ timestamp: at(s), values: [{ path: VOLTAGE, value: v }] }] }))
      .join('\n');
    const res = await t.call('POST', url('/dryRun'), {
      token: owner,
      payload: {
        routine: {
          ...lowBattery(),
          actions: [
            { type: 'command', propertyId: lights, value: 1 },
            { type: 'wait', seconds: 30 },
            { type: 'notify', message: 'low' },
          ],
        },
        log,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { firings, series } = res.body.data;
    expect(firings.map((f: { at: string }) => f.at)).toEqual([at(150), at(520)]);
    expect(firings[0].actions).toEqual([
      { index: 0, type: 'command', at: at(150), description: `set ${LIGHTS} to 1` },
      { index: 1, type: 'wait', at: at(150), description: 'wait 30 s' },
      { index: 2, type: 'notify', at: at(180), description: 'notify: low' },
    ]);
    expect(series[0].points).toHaveLength(readings.length);
    expect(puts).toHaveLength(0);
    const bad = await t.call('POST', url('/dryRun'), { token: owner, payload: { routine: lowBattery(), log: 'not json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/log line 1/);
  });
});

// Last: the bridge stays disconnected.
describe('a vessel going offline', () => {
  it('a command action to an offline vessel fails; continueOnError carries on', async () => {
    const id = await create({
      name: 'offline',
      triggers: [{ type: 'online', online: false }],
      actions: [
        { type: 'command', propertyId: lights, value: 1, continueOnError: true },
        { type: 'raiseAlert', priority: 'alarm', message: 'The vessel went offline' },
      ],
    });
    await client.endAsync();
    const [run] = await finishedRuns(id, 1);
    expect(run).toMatchObject({
      outcome: 'failed',
      trigger: { type: 'online', description: expect.stringContaining('offline') },
      actions: [
        { type: 'command', outcome: 'failed', message: 'Vessel is offline' },
        { type: 'raiseAlert', outcome: 'ok' },
      ],
    });
  });
});
