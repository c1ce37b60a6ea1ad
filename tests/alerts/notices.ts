/**
 * Alarms raised by a paired bridge's Signal K notifications and followed through their delivery,
 * on the server's controllable clock: the delivery, SMS and language tests share it. The stage is
 * read when a step runs, since the test file builds it in its `beforeAll`.
 */
import type { MqttClient } from 'mqtt';
import type { ServerClock } from '../../src/platform/clock.js';
import type { TestServer } from '../helpers/server.js';
import { delta } from '../mqtt/helpers.js';

export interface AlarmStage {
  t: TestServer;
  client: MqttClient;
  serial: string;
  clock: ServerClock;
}

export function alarmSteps(stage: () => AlarmStage) {
  let seq = 0;
  /** Until every notification in flight has been delivered or failed. */
  const settle = () => stage().t.server.plugins.notifications.delivery.idle();
  /** The bridge reports `notifications.<path>` in `state`, a millisecond after its last report. */
  const raise = async (path: string, state: string, message: string) => {
    const { client, serial, clock } = stage();
    await client.publishAsync(
      `bridges/${serial}/delta`,
      delta([{ path: `notifications.${path}`, value: { state, message } }], { timestamp: new Date(clock.now() + seq++).toISOString() }),
      { qos: 1 },
    );
    await settle();
  };
  /** The clock moves on and the escalation sweep runs, as its timer would. */
  const later = async (ms: number) => {
    const { t, clock } = stage();
    clock.advance(ms);
    await t.server.plugins.notifications.delivery.escalate();
    await settle();
  };
  return { settle, raise, later };
}
