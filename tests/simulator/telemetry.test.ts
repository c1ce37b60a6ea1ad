import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_CATEGORIES, parseDelta, parseInventory, parseStatus } from '../../src/mqtt/protocol';
import { type BridgeHandle, startBridge } from '../../simulator/index';
import { type TestBroker, startTestBroker } from './helpers/broker';
import { type Observer, observe } from './helpers/observer';

const SERIAL = 'SIM-TELEMETRY';
const SECRET = 'telemetry-secret';

/** Latest value of a path across the given deltas. */
function valuesOf(deltas: any[], path: string): unknown[] {
  return deltas.flatMap((delta) =>
    delta.updates.flatMap((update: any) => update.values.filter((value: any) => value.path === path).map((value: any) => value.value)),
  );
}

describe('a simulated bridge reporting telemetry', () => {
  let broker: TestBroker;
  let cloud: Observer;
  let bridge: BridgeHandle | undefined;

  beforeEach(async () => {
    broker = await startTestBroker({ [SERIAL]: SECRET });
    cloud = await observe(broker.url, [`bridges/${SERIAL}/#`]);
  });

  afterEach(async () => {
    await bridge?.stop();
    await cloud.close();
    await broker.close();
  });

  it('announces itself online with its version and publishes a valid inventory covering every category', async () => {
    bridge = startBridge({ mqttUrl: broker.url, serial: SERIAL, secret: SECRET, tickMs: 20, version: '2.0.1' });
    await bridge.waitForConnect();

    const status = await cloud.next(`bridges/${SERIAL}/status`);
    expect(parseStatus(JSON.stringify(status)).ok).toBe(true);
    expect(status).toMatchObject({ online: true, version: '2.0.1' });

    const inventory = await cloud.next(`bridges/${SERIAL}/devices`);
    expect(parseInventory(JSON.stringify(inventory))).toMatchObject({ ok: true });
    const categories = new Set(inventory.devices.map((device: any) => device.category));
    expect([...categories].sort()).toEqual([...DEVICE_CATEGORIES].sort());
    const ids = inventory.devices.map((device: any) => device.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['house-battery', 'saloon-lights', 'port-engine', 'generator', 'bilge', 'aft-camera', 'fuel-tank']));
  });

  it('keeps the inventory and status retained, so a cloud that subscribes later still sees them', async () => {
    bridge = startBridge({ mqttUrl: broker.url, serial: SERIAL, secret: SECRET, tickMs: 20 });
    await bridge.waitForConnect();
    await cloud.next(`bridges/${SERIAL}/devices`);

    const late = await observe(broker.url, [`bridges/${SERIAL}/devices`, `bridges/${SERIAL}/status`]);
    try {
      await late.next(`bridges/${SERIAL}/devices`);
      await late.next(`bridges/${SERIAL}/status`, (status) => status.online === true);
      expect(late.messages.every((message) => message.retain)).toBe(true);
    } finally {
      await late.close();
    }
  });

  it('publishes valid Signal K deltas whose values change over time', async () => {
    bridge = startBridge({ mqttUrl: broker.url, serial: SERIAL, secret: SECRET, tickMs: 20 });
    const deltas = await cloud.collect(`bridges/${SERIAL}/delta`, 30);

    for (const delta of deltas) expect(parseDelta(JSON.stringify(delta)).ok).toBe(true);
    const positions = valuesOf(deltas, 'navigation.position').map((position) => JSON.stringify(position));
    expect(new Set(positions).size).toBeGreaterThan(10);
    const voltages = valuesOf(deltas, 'electrical.batteries.house.voltage');
    expect(new Set(voltages).size).toBeGreaterThan(1);
    const timestamps = deltas.flatMap((delta) => delta.updates.map((update: any) => update.timestamp));
    expect(timestamps.every((timestamp) => !Number.isNaN(Date.parse(timestamp)))).toBe(true);
  });

  it('reports every path of its inventory in the snapshot it sends on connect', async () => {
    bridge = startBridge({ mqttUrl: broker.url, serial: SERIAL, secret: SECRET, tickMs: 20 });
    const inventory = await cloud.next(`bridges/${SERIAL}/devices`);
    const inventoryPaths: string[] = inventory.devices.flatMap((device: any) => device.properties.map((property: any) => property.path));
    const snapshot = await cloud.next(`bridges/${SERIAL}/delta`, (delta) => delta.updates.length > 11);
    const reported = new Set(snapshot.updates.flatMap((update: any) => update.values.map((value: any) => value.path)));

    expect(inventoryPaths.filter((path) => !reported.has(path))).toEqual([]);
    expect(valuesOf([snapshot], 'navigation.position')[0]).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  it('plays the same vessel for the same seed and serial', async () => {
    const record = async (seed: number) => {
      const deltas: unknown[] = [];
      const run = startBridge({
        mqttUrl: broker.url,
        serial: SERIAL,
        secret: SECRET,
        tickMs: 10,
        seed,
        onDelta: (delta) => deltas.push(delta.updates.map(({ timestamp: _measuredAt, ...update }) => update)),
      });
      await new Promise<void>((resolve) => {
        const poll = setInterval(() => deltas.length >= 15 && (clearInterval(poll), resolve()), 10);
      });
      await run.stop();
      return deltas.slice(0, 15);
    };
    const first = await record(42);
    const again = await record(42);
    const other = await record(43);

    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('is refused by a broker that does not know its secret and never reports', async () => {
    bridge = startBridge({ mqttUrl: broker.url, serial: SERIAL, secret: 'wrong', tickMs: 20, reconnectMs: 50 });
    await expect(bridge.waitForConnect(500)).rejects.toThrow(/did not connect/);
    expect(cloud.messages.filter((message) => message.topic.endsWith('/delta'))).toEqual([]);
  });
});
