import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BridgeHandle, startBridge } from '../../simulator/index';
import { type TestBroker, startTestBroker } from './helpers/broker';
import { type Observer, observe } from './helpers/observer';
import { until } from './helpers/until';

const SERIAL = 'SIM-BUFFER';
const SECRET = 'buffer-secret';
const DELTA = `bridges/${SERIAL}/delta`;

const measuredAt = (delta: any): number => Date.parse(delta.updates[0].timestamp);

describe('store and forward while the link is down', () => {
  let broker: TestBroker;
  let cloud: Observer;
  let bridge: BridgeHandle | undefined;

  beforeEach(async () => {
    broker = await startTestBroker({ [SERIAL]: SECRET });
    // A persistent session, like the server's: nothing the bridge sends after the outage is missed.
    cloud = await observe(broker.url, [DELTA], { persistent: true });
  });

  afterEach(async () => {
    await bridge?.stop();
    await cloud.close();
    await broker.close();
  });

  it('buffers deltas during an outage and delivers them after reconnecting, in order, with their original timestamps', async () => {
    // The observer, cut too, reconnects (50 ms) well before the bridge (375 ms at the earliest): were
    // the bridge back first, the broker would queue its backlog for the observer's session and hand
    // it over interleaved with live deltas, and the order seen here would be the broker's, not the bridge's.
    bridge = startBridge({ mqttUrl: broker.url, serial: SERIAL, secret: SECRET, tickMs: 20, reconnectMs: 500 });
    await bridge.waitForConnect();
    const running = bridge;

    await broker.interrupt();
    const outageStart = Date.now();
    await until(() => running.stats.buffered >= 10, 'ten deltas are buffered');
    const outageEnd = Date.now();
    cloud.clear();
    await broker.resume();
    await until(() => running.stats.connects === 2, 'the bridge reconnects');
    const delivered = (await cloud.collect(DELTA, 30)).map(measuredAt);

    expect(delivered.filter((time) => time >= outageStart && time <= outageEnd).length).toBeGreaterThanOrEqual(10);
    expect(delivered).toEqual([...delivered].sort((a, b) => a - b));
    expect(running.stats).toMatchObject({ connects: 2, buffered: 0, dropped: 0 });
  });

  it('drops the oldest deltas when the outage outlasts the buffer, keeps the newest, and counts what it dropped', async () => {
    const produced: string[] = [];
    bridge = startBridge({
      mqttUrl: broker.url,
      serial: SERIAL,
      secret: SECRET,
      tickMs: 20,
      reconnectMs: 100,
      bufferLimit: 5,
      onDelta: (delta) => produced.push(delta.updates[0].timestamp as string),
    });
    await bridge.waitForConnect();
    const running = bridge;

    await broker.interrupt();
    await until(() => running.stats.dropped >= 5, 'the full buffer drops its oldest deltas');
    await broker.resume();
    await until(() => running.stats.connects === 2, 'the bridge reconnects');
    const lastBeforeReconnect = produced.length - 1;
    await cloud.next(DELTA, (delta) => delta.updates[0].timestamp === produced[lastBeforeReconnect]);

    const delivered = new Set(cloud.messages.map((message) => message.payload.updates[0].timestamp));
    const missing = produced.slice(0, lastBeforeReconnect + 1).flatMap((timestamp, index) => (delivered.has(timestamp) ? [] : [index]));
    expect(missing).toHaveLength(running.stats.dropped);
    // One run of consecutive deltas is missing, the oldest of the outage; everything after it arrived.
    expect(missing).toEqual(Array.from({ length: missing.length }, (_, offset) => missing[0] + offset));
    expect(missing.at(-1)).toBeLessThanOrEqual(lastBeforeReconnect - 5);
  });

  it('keeps trying while the broker refuses it (CONNACK "server unavailable"), backing off, and delivers what it buffered once accepted', async () => {
    const produced: string[] = [];
    bridge = startBridge({
      mqttUrl: broker.url,
      serial: SERIAL,
      secret: SECRET,
      tickMs: 20,
      reconnectMs: 50,
      onDelta: (delta) => produced.push(delta.updates[0].timestamp as string),
    });
    await bridge.waitForConnect();
    const running = bridge;

    // The server's database is down: the link drops and every CONNECT is refused.
    broker.refuse(3);
    await broker.interrupt();
    await broker.resume();
    await until(() => broker.refused >= 3, 'three refused attempts');
    expect(running.connected).toBe(false);
    broker.refuse(null);
    await until(() => running.stats.connects === 2, 'the bridge is accepted again', 5000);

    const lastBeforeReconnect = produced.length - 1;
    await cloud.next(DELTA, (delta) => delta.updates[0].timestamp === produced[lastBeforeReconnect]);
    const delivered = new Set(cloud.messages.map((message) => message.payload.updates[0].timestamp));
    expect(produced.slice(0, lastBeforeReconnect + 1).filter((timestamp) => !delivered.has(timestamp))).toEqual([]);
    expect(running.stats).toMatchObject({ buffered: 0, dropped: 0 });
  });
});
