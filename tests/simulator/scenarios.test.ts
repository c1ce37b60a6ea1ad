import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BridgeHandle, SCENARIO_NAMES, type ScenarioName, startBridge } from '../../simulator/index';
import { type TestBroker, startTestBroker } from './helpers/broker';
import { type Observer, observe } from './helpers/observer';

const SECRET = 'scenario-secret';

/** Left to the server's warning levels: the bridge raises nothing for it. */
type LevelScenario = 'coolant-hovering';
const BRIDGE_ALARM_SCENARIOS = SCENARIO_NAMES.filter((name): name is Exclude<ScenarioName, LevelScenario> => name !== 'coolant-hovering');

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
});
