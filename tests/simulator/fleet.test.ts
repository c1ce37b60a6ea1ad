import { afterEach, describe, expect, it } from 'vitest';
import { type FleetHandle, startFleet } from '../../simulator/index';
import { type TestBroker, startTestBroker } from './helpers/broker';
import { type Observer, observe } from './helpers/observer';

const SOC = 'electrical.batteries.house.capacity.stateOfCharge';
const fleetOf = (count: number) => Array.from({ length: count }, (_, index) => ({ serial: `SIM-FLEET-${index}`, secret: `secret-${index}` }));

describe('a fleet of simulated bridges', () => {
  let broker: TestBroker;
  let cloud: Observer;
  let fleet: FleetHandle | undefined;

  afterEach(async () => {
    await fleet?.stop();
    await cloud.close();
    await broker.close();
  });

  it('brings every bridge online with its own inventory and telemetry, and takes them all offline on stop', async () => {
    const members = fleetOf(25);
    broker = await startTestBroker(Object.fromEntries(members.map(({ serial, secret }) => [serial, secret])));
    cloud = await observe(broker.url, ['bridges/+/status', 'bridges/+/devices', 'bridges/+/delta']);
    fleet = startFleet({ mqttUrl: broker.url, bridges: members, tickMs: 50, connectIntervalMs: 2 });
    await fleet.waitForConnect();

    await cloud.until(
      (messages) => members.every(({ serial }) => messages.some((message) => message.topic === `bridges/${serial}/delta`)),
      'a delta from every bridge',
    );
    const withInventory = new Set(cloud.messages.filter((message) => message.topic.endsWith('/devices')).map((message) => message.topic));
    expect(withInventory.size).toBe(members.length);
    expect(fleet.stats).toMatchObject({ bridges: 25, connected: 25, dropped: 0 });

    await fleet.stop();
    fleet = undefined;
    await cloud.until(
      (messages) => members.every(({ serial }) => messages.some((message) => message.topic === `bridges/${serial}/status` && message.payload.online === false)),
      'every bridge to say it is offline',
    );
  });

  it('gives each bridge of a fleet its own vessel', async () => {
    const members = fleetOf(3);
    broker = await startTestBroker();
    cloud = await observe(broker.url, ['bridges/+/delta']);
    fleet = startFleet({ mqttUrl: broker.url, bridges: members, tickMs: 50, connectIntervalMs: 0 });

    const charges = await Promise.all(
      members.map(({ serial }) =>
        cloud
          .next(`bridges/${serial}/delta`, (delta) => JSON.stringify(delta).includes(SOC))
          .then((delta) => delta.updates.flatMap((update: any) => update.values).find((value: any) => value.path === SOC).value),
      ),
    );
    expect(new Set(charges).size).toBe(3);
  });
});

describe('starting a fleet', () => {
  it('refuses the same serial twice', () => {
    expect(() => startFleet({ mqttUrl: 'mqtt://127.0.0.1:1', bridges: [...fleetOf(2), ...fleetOf(1)] })).toThrow(/unique/);
  });
});
