import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BridgeHandle, SCENARIO_NAMES, type ScenarioName, startBridge } from '../../simulator/index';
import { type TestBroker, startTestBroker } from './helpers/broker';
import { type Observer, observe } from './helpers/observer';

const SECRET = 'scenario-secret';

/** Left to the server (warning levels, the stale mark, the no-data alarm) or an emergency: tested on their own below. */
type LevelScenario = 'coolant-hovering' | 'sensor-silent' | 'bridge-silent' | 'engine-room-fire';
const OWN_TESTS: string[] = ['coolant-hovering', 'sensor-silent', 'bridge-silent', 'engine-room-fire'];
const BRIDGE_ALARM_SCENARIOS = SCENARIO_NAMES.filter((name): name is Exclude<ScenarioName, LevelScenario> => !OWN_TESTS.includes(name));

/** The notification each scenario must raise, and a value it drives there. */
const EXPECTED: Record<Exclude<ScenarioName, LevelScenario>, { notification: string; value: string; troubled: (value: any) => boolean }> = {
  'low-battery': {
    notification: 'notifications.electrical.batteries.house.capacity.stateOfCharge',
    value: 'electrical.batteries.house.capacity.stateOfCharge',
    troubled: (soc) => soc < 0.2,
  },
  'high-bilge': {
    notification: 'notifications.link.mechanical.bilge.cycles',
    value: 'link.mechanical.bilge.state',
    troubled: (state) => state === 1,
  },
  'shore-power-lost': {
    notification: 'notifications.electrical.ac.shore.phase.single.lineNeutralVoltage',
    value: 'electrical.ac.shore.phase.single.lineNeutralVoltage',
    troubled: (voltage) => voltage === 0,
  },
  'engine-over-temperature': {
    notification: 'notifications.propulsion.port.coolantTemperature',
    value: 'propulsion.port.coolantTemperature',
    troubled: (kelvin) => kelvin > 373.15,
  },
};

const valuesAt = (deltas: any[], path: string): unknown[] =>
  deltas.flatMap((delta) => delta.updates.flatMap((update: any) => update.values.filter((value: any) => value.path === path).map((value: any) => value.value)));

const raisedThenCleared = (states: string[]): boolean => {
  const raised = states.indexOf('alarm');
  return raised >= 0 && states.slice(raised).includes('normal');
};

describe('alarm scenarios', () => {
  let broker: TestBroker;
  let cloud: Observer;
  const bridges: BridgeHandle[] = [];

  beforeAll(async () => {
    broker = await startTestBroker();
    cloud = await observe(broker.url, ['bridges/+/delta']);
  });

  afterAll(async () => {
    await Promise.all(bridges.map((bridge) => bridge.stop()));
    await cloud.close();
    await broker.close();
  });

  it.each(BRIDGE_ALARM_SCENARIOS)('%s raises its alarm, drives the values there, then clears back to normal', async (name) => {
    const serial = `SIM-SCENARIO-${name}`;
    const bridge = startBridge({ mqttUrl: broker.url, serial, secret: SECRET, tickMs: 15 });
    bridges.push(bridge);
    await bridge.waitForConnect();
    const { notification, value, troubled } = EXPECTED[name];

    const deltas = () => cloud.messages.filter((message) => message.topic === `bridges/${serial}/delta`).map((message) => message.payload);
    const states = () => (valuesAt(deltas(), notification) as any[]).map((entry) => entry.state);

    await bridge.injectScenario(name);
    await cloud.until(() => raisedThenCleared(states()), `${name} to raise and clear its alarm`);

    const alarm = (valuesAt(deltas(), notification) as any[]).find((entry) => entry.state === 'alarm');
    expect(alarm).toMatchObject({ method: ['visual', 'sound'], message: expect.any(String) });
    const cleared = (valuesAt(deltas(), notification) as any[]).at(-1);
    expect(cleared).toMatchObject({ state: 'normal', method: [] });
    expect(valuesAt(deltas(), value).some(troubled)).toBe(true);
  });

  it('coolant-hovering crosses 92 °C again and again without the bridge raising anything', async () => {
    const serial = 'SIM-SCENARIO-coolant-hovering';
    const bridge = startBridge({ mqttUrl: broker.url, serial, secret: SECRET, tickMs: 15 });
    bridges.push(bridge);
    await bridge.waitForConnect();
    await bridge.injectScenario('coolant-hovering');
    const deltas = cloud.messages.filter((message) => message.topic === `bridges/${serial}/delta`).map((message) => message.payload);
    const coolant = valuesAt(deltas, 'propulsion.port.coolantTemperature') as number[];
    const crossings = coolant.filter((kelvin, i) => i > 0 && kelvin > 365.15 !== coolant[i - 1] > 365.15).length;
    // The bridge reports a value only every few ticks, so it shows some of the crossings, not all.
    expect(crossings).toBeGreaterThanOrEqual(3);
    expect((valuesAt(deltas, 'notifications.propulsion.port.coolantTemperature') as any[]).every((entry) => entry.state === 'normal')).toBe(true);
  });

  it('engine-room-fire raises a Signal K emergency, then returns to normal', async () => {
    const serial = 'SIM-SCENARIO-engine-room-fire';
    const bridge = startBridge({ mqttUrl: broker.url, serial, secret: SECRET, tickMs: 15 });
    bridges.push(bridge);
    await bridge.waitForConnect();
    await bridge.injectScenario('engine-room-fire');
    const fire = () =>
      valuesAt(
        cloud.messages.filter((message) => message.topic === `bridges/${serial}/delta`).map((message) => message.payload),
        'notifications.fire.engineRoom',
      ) as any[];
    await cloud.until(() => fire().some((n) => n.state === 'emergency') && fire().at(-1)?.state === 'normal', 'the fire emergency to be raised and cleared');
    expect(fire().find((n) => n.state === 'emergency')).toEqual({ state: 'emergency', method: ['visual', 'sound'], message: 'Fire in the engine room' });
  });

  it('sensor-silent stops one sensor while the others carry on, then brings it back', async () => {
    const serial = 'SIM-SCENARIO-sensor-silent';
    const bridge = startBridge({ mqttUrl: broker.url, serial, secret: SECRET, tickMs: 15 });
    bridges.push(bridge);
    await bridge.waitForConnect();
    const deltas = () => cloud.messages.filter((message) => message.topic === `bridges/${serial}/delta`).map((message) => message.payload);
    const started = deltas().length;
    await bridge.injectScenario('sensor-silent');
    const during = deltas().slice(started);
    // (A delta or two in flight when it started or ended aside.)
    expect(during.length).toBeGreaterThan(10);
    expect(valuesAt(during.slice(2, -2), 'electrical.batteries.house.voltage')).toEqual([]);
    expect(valuesAt(during, 'electrical.batteries.house.capacity.stateOfCharge').length).toBeGreaterThan(0);
    await cloud.until(() => valuesAt(deltas().slice(started + during.length), 'electrical.batteries.house.voltage').length > 0, 'the voltage to come back');
  });

  it('bridge-silent keeps the bridge connected, reporting its status, but sends no data', async () => {
    const serial = 'SIM-SCENARIO-bridge-silent';
    const status = await observe(broker.url, [`bridges/${serial}/status`]);
    const bridge = startBridge({ mqttUrl: broker.url, serial, secret: SECRET, tickMs: 15 });
    bridges.push(bridge);
    await bridge.waitForConnect();
    const deltas = () => cloud.messages.filter((message) => message.topic === `bridges/${serial}/delta`).length;
    await cloud.until(() => deltas() > 0, 'the first data');
    void bridge.injectScenario('bridge-silent');
    // A delta already on its way when the scenario starts may still arrive: counted from the next
    // status report, two reports later (60 ticks apart, well past the slowest value's interval)
    // there is no new data.
    const statuses = status.messages.length;
    await status.until(() => status.messages.length >= statuses + 1, 'a status report');
    const silentFrom = deltas();
    await status.until(() => status.messages.length >= statuses + 3, 'two more status reports');
    expect(deltas()).toBe(silentFrom);
    expect(bridge.connected).toBe(true);
    await status.close();
  });
});
