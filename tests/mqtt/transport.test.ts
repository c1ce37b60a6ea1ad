/**
 * Misbehaving clients: packets before CONNECT, oversized packets and malformed messages. Each
 * is dealt with on its own connection; the broker and the other bridges carry on, and nothing
 * of it is stored.
 */
import { connect as tcpConnect, type Socket } from 'node:net';
import mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, connectPacket, delta, eventually, provisionBridge, storedHistory, type TestBridge } from './helpers.js';

let t: TestServer;
let admin: string;
let good: TestBridge;
let bad: TestBridge;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  admin = await t.login('admin@demo.test');
  good = await provisionBridge(t, admin, 'BR-GOOD');
  bad = await provisionBridge(t, admin, 'BR-BAD');
});
afterAll(() => t.close());

const rows = (bridgeId: number) => storedHistory(t, bridgeId);

/** A raw TCP connection to the broker; `closed` resolves when the server drops it. */
function rawSocket(): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(t.server.app.mqtt.port!, '127.0.0.1', () => resolve({ socket, closed }));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

/** The good bridge still gets a value stored and acknowledged. */
async function goodBridgeStillWorks(value: number): Promise<void> {
  const client = await connectBridge(t, good);
  await client.publishAsync(`bridges/${good.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value }]), { qos: 1 });
  expect((await rows(good.id)).filter((r) => r.value === String(value))).toHaveLength(1);
  await client.endAsync();
}

describe('the frame limit', () => {
  it('follows packets split across reads at any byte', async () => {
    const { socket } = await rawSocket();
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const answers: string[] = [];
    parser.on('packet', (p) => answers.push(p.cmd));
    socket.on('data', (d) => parser.parse(d));
    const bytes = Buffer.concat([
      connectPacket(good),
      mqttPacket.generate({
        cmd: 'publish',
        topic: `bridges/${good.serial}/delta`,
        payload: Buffer.from(delta([{ path: 'environment.depth.belowTransducer', value: 4.2 }])),
        qos: 1,
        messageId: 7,
        retain: false,
        dup: false,
      }),
    ]);
    for (const byte of bytes) {
      socket.write(Buffer.from([byte]));
      await new Promise((r) => setImmediate(r));
    }
    await eventually(() => answers.includes('puback'), 'PUBACK');
    expect(answers).toEqual(['connack', 'puback']);
    expect((await rows(good.id)).filter((r) => r.value === '4.2')).toHaveLength(1);
    socket.destroy();
  });

  it('closes a connection whose first packet is not CONNECT', async () => {
    const { socket, closed } = await rawSocket();
    socket.write(Buffer.from([0xc0, 0x00])); // PINGREQ
    await closed;
    const second = await rawSocket();
    second.socket.write(Buffer.from([0x30, 0x05, 0x00, 0x01, 0x61, 0x7b, 0x7d])); // PUBLISH "a" {}
    await second.closed;
    await goodBridgeStillWorks(12.1);
  });

  it('closes a connection announcing a packet over 256 KiB before reading its body', async () => {
    const { socket, closed } = await rawSocket();
    // CONNECT with a Remaining Length of 200 MB, then the start of a body that never ends.
    socket.write(Buffer.from([0x10, 0x80, 0x80, 0x80, 0x64]));
    const writes = (async () => {
      for (let i = 0; i < 64 && !socket.destroyed; i++) {
        socket.write(Buffer.alloc(64 * 1024, 0x41));
        await new Promise((r) => setImmediate(r));
      }
    })();
    await closed;
    await writes;
    await goodBridgeStillWorks(12.2);
  });

  it('closes a bridge that publishes a packet over 256 KiB; other bridges carry on', async () => {
    const client = await connectBridge(t, bad);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const values = Array.from({ length: 12_000 }, (_, i) => ({ path: `electrical.batteries.b${i}.voltage`, value: 12 }));
    client.publish(`bridges/${bad.serial}/delta`, delta(values), { qos: 1 });
    await closed;
    client.end(true);
    expect(await rows(bad.id)).toHaveLength(0);
    await goodBridgeStillWorks(12.3);
  });
});

describe('malformed messages', () => {
  const malformed = [
    'not json at all',
    '{"foo": 1}',
    '{"updates": []}',
    '{"updates": [{"values": "x"}]}',
    '{"updates": [{"timestamp": "yesterday", "values": [{"path": "a.b", "value": 1}]}]}',
    '{"updates": [{"values": [{"path": "has spaces", "value": 1}]}]}',
    '{"updates": [{"values": [{"path": "a.b"}]}]}',
  ];

  it('drops and acknowledges each one, stores nothing, and keeps the connection', async () => {
    const client = await connectBridge(t, bad);
    for (const payload of malformed) await client.publishAsync(`bridges/${bad.serial}/delta`, payload, { qos: 1 });
    await client.publishAsync(`bridges/${bad.serial}/devices`, '{"devices": [{"id": "x"}]}', { qos: 1 });
    await client.publishAsync(`bridges/${bad.serial}/status`, '{"online": "maybe"}', { qos: 1 });
    expect(client.connected).toBe(true);
    expect(await rows(bad.id)).toHaveLength(0);
    expect(await t.database.db('devices').where({ bridge_id: bad.id })).toHaveLength(0);
    // A good message on the same connection still goes through.
    await client.publishAsync(`bridges/${bad.serial}/delta`, delta([{ path: 'environment.depth.belowTransducer', value: 3.3 }]), { qos: 1 });
    expect(await rows(bad.id)).toHaveLength(1);
    await client.endAsync();

    const usage = await t.call('GET', `/api/admin/reportingClients/${bad.id}/usage`, { token: admin });
    const today = usage.body.data.at(-1);
    expect(today.rejected).toBeGreaterThanOrEqual(malformed.length + 2);
    expect(today.messages).toBeGreaterThan(today.rejected);
  });

  it('closes a bridge that keeps sending them, while another bridge is unaffected', async () => {
    const client = await connectBridge(t, bad);
    const neighbour = await connectBridge(t, good);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    for (let i = 0; i < 40 && client.connected; i++) client.publish(`bridges/${bad.serial}/delta`, 'garbage', { qos: 0 });
    await closed;
    client.end(true);
    await neighbour.publishAsync(`bridges/${good.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12.4 }]), { qos: 1 });
    expect((await rows(good.id)).filter((r) => r.value === '12.4')).toHaveLength(1);
    expect(neighbour.connected).toBe(true);
    await neighbour.endAsync();
    await eventually(
      async () => !(await t.call('GET', '/api/admin/reportingClients', { token: admin })).body.data.find((b: { id: number }) => b.id === bad.id).online,
      'bad bridge offline',
    );
  });
});

describe('a connect its bridge gave up on', () => {
  it('does not take over the bridge’s live connection, which a new connection still does', async () => {
    const live = await connectBridge(t, good);
    let closes = 0;
    live.on('close', () => closes++);

    // What a bridge's connect timeout leaves in the server's queue: its CONNECT, then the close.
    const abandoned = await rawSocket();
    abandoned.socket.end(connectPacket(good));
    await abandoned.closed;
    // A taken-over connection would be closed by now; this one still gets its PUBACK.
    await live.publishAsync(`bridges/${good.serial}/delta`, delta([{ path: 'environment.depth.belowTransducer', value: 5.3 }]), { qos: 1 });
    expect(closes).toBe(0);
    expect(live.connected).toBe(true);
    expect((await rows(good.id)).filter((r) => r.value === '5.3')).toHaveLength(1);

    // A connection that waits for its CONNACK still takes the bridge over (MQTT-3.1.4-2).
    const next = await connectBridge(t, good);
    await eventually(() => closes === 1, 'the live connection taken over');
    await next.publishAsync(`bridges/${good.serial}/delta`, delta([{ path: 'environment.depth.belowTransducer', value: 5.4 }]), { qos: 1 });
    expect((await rows(good.id)).filter((r) => r.value === '5.4')).toHaveLength(1);
    await next.endAsync();
  });
});
