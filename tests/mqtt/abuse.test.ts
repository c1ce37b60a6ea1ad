/**
 * Abuse of the broker with real clients and raw sockets (security issue): a burst of malformed
 * messages that closes a connection must still acknowledge every valid message of the burst
 * that was stored; malformed and oversized packets, a flood of PUBLISHes and half-open
 * connections leave the broker up, other bridges ingesting, and the heap bounded.
 */
import { connect, type Socket } from 'node:net';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, provisionBridge, storedHistory, type TestBridge } from './helpers.js';

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const mqttPort = () => t.server.app.mqtt.port!;

function rawSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(mqttPort(), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

/** A CONNECT packet (MQTT 3.1.1 §3.1) for a bridge. */
function connectPacket(serial: string, secret: string): Buffer {
  const str = (s: string) => {
    const b = Buffer.from(s);
    return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
  };
  const variable = Buffer.concat([str('MQTT'), Buffer.from([4, 0xc2, 0, 60])]);
  const payload = Buffer.concat([str(serial), str(serial), str(secret)]);
  const body = Buffer.concat([variable, payload]);
  return Buffer.concat([Buffer.from([0x10, body.length]), body]);
}

/** The heap once garbage has been collected, or as low as it gets over a few turns without `gc`. */
async function settledHeap(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  let lowest = Infinity;
  for (let i = 0; i < 20; i++) {
    gc?.();
    await new Promise((r) => setImmediate(r));
    lowest = Math.min(lowest, process.memoryUsage().heapUsed);
  }
  return lowest;
}

describe('a connection closed for malformed messages', () => {
  it('still acknowledges every valid message of the burst that was stored', async () => {
    const bridge = await provisionBridge(t, admin, 'BR-BURST');
    const client = await connectBridge(t, bridge);
    const acked = new Set<number>();
    const gone = new Promise<void>((resolve) => client.once('close', () => resolve()));
    // Valid and malformed interleaved, all written at once: the 20th malformed one closes the
    // connection while the valid ones before it are still in the group commit.
    for (let i = 0; i < 40; i++) {
      client.publish(`bridges/${bridge.serial}/delta`, delta([{ path: 'environment.depth.belowTransducer', value: i }]), { qos: 1 }, (err) => {
        if (!err) acked.add(i);
      });
      client.publish(`bridges/${bridge.serial}/delta`, 'not json', { qos: 1 });
    }
    await gone;
    const stored = (await storedHistory(t, bridge.id, 'environment.depth.belowTransducer')).map((s) => Number(s.value));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((v) => !acked.has(v))).toEqual([]);
    client.end(true);
  });
});

describe('abuse', () => {
  let good: TestBridge;
  let goodClient: MqttClient;
  let flooder: TestBridge;

  beforeAll(async () => {
    good = await provisionBridge(t, admin, 'BR-GOOD');
    flooder = await provisionBridge(t, admin, 'BR-FLOOD');
    goodClient = await connectBridge(t, good);
  });
  afterAll(() => goodClient.endAsync());

  it('keeps the broker up, other bridges ingesting and the heap bounded', async () => {
    const heapBefore = await settledHeap();
    let sent = 0;
    const ingest = async () => {
      sent++;
      await goodClient.publishAsync(`bridges/${good.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12 + sent / 1000 }]), {
        qos: 1,
      });
    };

    // Half-open connections: one that sends nothing, one that stops in the middle of a CONNECT.
    const halfOpen: Socket[] = [];
    for (let i = 0; i < 50; i++) {
      halfOpen.push(await rawSocket());
      const partial = await rawSocket();
      partial.write(connectPacket(flooder.serial, flooder.secret).subarray(0, 9));
      halfOpen.push(partial);
    }
    await ingest();

    // Garbage before CONNECT, a reserved packet type, and a PUBLISH that claims to be over the size limit.
    for (const bytes of [Buffer.from('GET / HTTP/1.1\r\n\r\n'), Buffer.from([0xf0, 0x00])]) {
      const socket = await rawSocket();
      socket.write(bytes);
      await closed(socket);
    }
    const oversized = await rawSocket();
    oversized.write(connectPacket(flooder.serial, flooder.secret));
    // Remaining Length 300 KiB (§2.2.3), then a little of the body.
    oversized.write(Buffer.from([0x30, 0x80, 0xc0, 0x12, 0x00]));
    await closed(oversized);
    const endless = await rawSocket();
    endless.write(connectPacket(flooder.serial, flooder.secret));
    endless.write(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]));
    await closed(endless);
    await ingest();

    // A flood: thousands of PUBLISHes as fast as the client can write, valid and not.
    const flood = await connectBridge(t, flooder);
    const floodGone = new Promise<void>((resolve) => flood.once('close', () => resolve()));
    for (let i = 0; i < 3000; i++) {
      flood.publish(`bridges/${flooder.serial}/delta`, delta([{ path: 'navigation.speedOverGround', value: i }]), { qos: 0 });
      if (i % 100 === 0) flood.publish(`bridges/${flooder.serial}/delta`, Buffer.alloc(1000, 0x7b), { qos: 0 });
      if (i % 500 === 0) flood.publish(`bridges/other/delta`, 'x', { qos: 0 });
    }
    await ingest();
    await eventually(async () => (await storedHistory(t, flooder.id, 'navigation.speedOverGround')).length > 0, 'flood partly stored');
    flood.end(true);
    await floodGone;

    for (let i = 0; i < 20; i++) await ingest();
    const voltages = await storedHistory(t, good.id, 'electrical.batteries.house.voltage');
    expect(voltages).toHaveLength(sent);
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    const again = await connectBridge(t, good, { clientId: good.serial });
    await again.endAsync();

    for (const socket of halfOpen) socket.destroy();
    const heapAfter = await settledHeap();
    expect(heapAfter - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });
});
