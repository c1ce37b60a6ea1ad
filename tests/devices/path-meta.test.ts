/**
 * A bridge's own description of its paths: Signal K's `meta` in a delta, which the bridge agent
 * reads from a Signal K server's model (docs/protocol.md, "Telemetry"). It gives a path the Signal
 * K schema does not know its units and description; what the schema says of a standard path stays,
 * and so does a bridge's inventory.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDelta } from '../../src/mqtt/protocol.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';

const CO = 'environment.inside.engineRoom.carbonMonoxide';

let t: TestServer;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  const admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-META');
  client = await connectBridge(t, bridge);
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

/** One update of `n2k.17`, now; resolves with the PUBACK, once stored and described. */
const publish = (values: Array<{ path: string; value: unknown }>, meta?: Array<{ path: string; value: object }>) =>
  client.publishAsync(
    `bridges/${bridge.serial}/delta`,
    JSON.stringify({ context: 'vessels.self', updates: [{ $source: 'n2k.17', timestamp: new Date().toISOString(), values, ...(meta ? { meta } : {}) }] }),
    { qos: 1 },
  );

/** A property as the web app reads it. */
async function property(path: string): Promise<{ units: string; description: string | null } | undefined> {
  const res = await t.call('GET', `/api/vessel/${bridge.vesselId}/devices`, { token: owner });
  expect(res.status).toBe(200);
  return res.body.data.flatMap((device: { properties: unknown[] }) => device.properties).find((p: { path: string }) => p.path === path);
}

describe("a bridge's meta", () => {
  it('gives a path outside the Signal K schema its units and description; keys other than those two are ignored', async () => {
    await publish([{ path: CO, value: 0.000004 }], [{ path: CO, value: { units: 'ratio', description: 'Carbon monoxide in the engine room', zones: [] } }]);
    expect(await property(CO)).toMatchObject({ units: 'ratio', description: 'Carbon monoxide in the engine room' });
  });

  it('leaves what the schema says of a standard path', async () => {
    await publish(
      [{ path: 'environment.water.temperature', value: 291.4 }],
      [{ path: 'environment.water.temperature', value: { units: 'C', description: 'Sea' } }],
    );
    expect(await property('environment.water.temperature')).toMatchObject({ units: 'K', description: 'Current water temperature' });
  });

  it('fills in a path first seen without one when its meta comes later, alone in its update', async () => {
    const setpoint = 'link.climate.master.setpoint';
    await publish([{ path: setpoint, value: 294.15 }]);
    expect(await property(setpoint)).toMatchObject({ units: '', description: null });
    await publish([], [{ path: setpoint, value: { units: 'K', description: 'Cabin temperature asked of the air conditioning' } }]);
    expect(await property(setpoint)).toMatchObject({ units: 'K', description: 'Cabin temperature asked of the air conditioning' });
  });

  it("leaves a bridge's inventory as it is", async () => {
    await publishInventory(client, bridge.serial);
    await publish(
      [{ path: 'navigation.position', value: { latitude: 43.7, longitude: 7.42 } }],
      [{ path: 'navigation.position', value: { units: 'deg', description: 'Position' } }],
    );
    expect(await property('navigation.position')).toMatchObject({ units: '', description: null });
  });
});

describe('a malformed meta', () => {
  const delta = (meta: unknown) => JSON.stringify({ updates: [{ values: [], meta }] });

  it.each([
    ['not an array', { path: CO }, 'updates[0].meta must be an array of at most 5000 entries'],
    ['an entry without a value', [{ path: CO }], 'updates[0].meta[0] must be {path, value} with a dotted Signal K path and an object'],
    ['a path that is none', [{ path: 'a..b', value: {} }], 'updates[0].meta[0] must be {path, value} with a dotted Signal K path and an object'],
    ['units that are not text', [{ path: CO, value: { units: 1 } }], 'updates[0].meta[0].value.units must be a string'],
    ['a description that is not text', [{ path: CO, value: { description: ['CO'] } }], 'updates[0].meta[0].value.description must be a string'],
  ])('refuses the delta: %s', (_what, meta, reason) => {
    expect(parseDelta(delta(meta))).toEqual({ ok: false, reason });
  });
});
