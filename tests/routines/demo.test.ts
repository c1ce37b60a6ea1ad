/**
 * The owner's routine on a simulated bridge: "when the house battery voltage is below 12.2 V for
 * 2 minutes, switch on the generator and notify me", fired by the simulator's low-battery
 * scenario, the generator switched on through its remote start, and the trace explaining it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BridgeHandle, startBridge } from '../../simulator/index.js';
import { GENERATOR_SWITCH } from '../../simulator/devices/engines.js';
import type { ServerClock } from '../../src/platform/clock.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { eventually, mqttUrl, pairedBridge } from '../mqtt/helpers.js';

const VOLTAGE = 'electrical.batteries.house.voltage';

let t: TestServer;
let owner: string;
let sim: BridgeHandle;
let vesselId: number;
let bridgeId: number;
/** The server's clock, stopped and moved by the test. */
let clock: ServerClock;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  clock = t.server.app.ctx.clock;
  clock.set(Date.now());
  owner = await t.login('owner@demo.test');
  const bridge = await pairedBridge(t, await t.login('admin@demo.test'), 'Sea Breeze', 'BR-ROUTINE-DEMO');
  vesselId = bridge.vesselId;
  bridgeId = bridge.id;
  sim = await startBridge({ mqttUrl: mqttUrl(t), serial: bridge.serial, secret: bridge.secret, profile: 'motor-yacht', tickMs: 15, logLevel: 'error' });
});
afterAll(async () => {
  await sim.stop();
  await t.close();
});

it('fires on the low-battery scenario, switches the generator on and notifies the owner; the trace explains each step', async () => {
  const devices = await eventually(async () => {
    const list = (await t.call('GET', `/api/vessel/${vesselId}/devices`, { token: owner })).body.data as Array<{
      properties: Array<{ id: number; path: string; writable: boolean }>;
    }>;
    return list?.some((d) => d.properties.some((p) => p.path === GENERATOR_SWITCH)) ? list : null;
  }, 'the generator switch');
  const property = (path: string) => devices.flatMap((d) => d.properties).find((p) => p.path === path)!;
  expect(property(GENERATOR_SWITCH).writable).toBe(true);
  await eventually(async () => (await t.database.db('value_series').where({ bridge_id: bridgeId, path: VOLTAGE }).first())?.value > 12.2, 'a healthy battery');

  const created = await t.call('POST', `/api/vessel/${vesselId}/routines/create`, {
    token: owner,
    payload: {
      name: 'Generator on when the battery is low',
      triggers: [{ type: 'property', propertyId: property(VOLTAGE).id, comparison: '<', value: 12.2, forSeconds: 120 }],
      actions: [
        { type: 'command', propertyId: property(GENERATOR_SWITCH).id, value: 1 },
        { type: 'notify', message: 'House battery low: the generator was switched on' },
      ],
    },
  });
  expect(created.status).toBe(200);
  const id = created.body.data.id;

  const scenario = sim.injectScenario('low-battery');
  await eventually(
    async () => Number((await t.database.db('value_series').where({ bridge_id: bridgeId, path: VOLTAGE }).first())?.value) < 12.2,
    'a flat battery',
  );
  await t.server.plugins.routines.engine.idle();
  clock.advance(120_000);
  const [run] = await eventually(async () => {
    const runs = (await t.call('GET', `/api/vessel/${vesselId}/routines/${id}/runs`, { token: owner })).body.data;
    return runs.length && runs[0].outcome !== 'running' ? runs : null;
  }, 'the run');
  expect(run).toMatchObject({
    outcome: 'completed',
    trigger: { type: 'property', description: expect.stringContaining(`${VOLTAGE} < 12.2 V for 120 s`) },
    actions: [
      { type: 'command', outcome: 'ok', message: `${GENERATOR_SWITCH} ← 1: CONFIRMED` },
      { type: 'notify', outcome: 'ok' },
    ],
  });
  expect((await t.database.db('value_series').where({ bridge_id: bridgeId, path: GENERATOR_SWITCH }).first()).value).toBe('1');
  await scenario;
  expect(
    await t.database.db('mail_outbox').where('subject', 'like', '%Generator on when the battery is low%').where('to_address', 'owner@demo.test'),
  ).toHaveLength(1);
});
