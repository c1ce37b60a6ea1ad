import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BridgeHandle, SCENARIO_NAMES, type ScenarioName, startBridge } from '../../simulator/index';
import { type TestBroker, startTestBroker } from './helpers/broker';
import { type Observer, observe } from './helpers/observer';

const SECRET = 'scenario-secret';

/** The notification each scenario must raise, and a value it drives there. */
const EXPECTED: Record<ScenarioName, { notification: string; value: string; troubled: (value: any) => boolean }> = {
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

  it.each(SCENARIO_NAMES)('%s raises its alarm, drives the values there, then clears back to normal', async (name) => {
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
});
