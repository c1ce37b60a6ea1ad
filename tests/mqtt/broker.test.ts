/**
 * The embedded broker with real MQTT clients: authentication, the topic ACL of docs/protocol.md,
 * online state, the snapshot request on connect, and MQTT over WebSocket.
 */
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, provisionBridge, storedHistory, type TestBridge } from './helpers.js';

let t: TestServer;
let admin: string;
let bridge: TestBridge;
let other: TestBridge;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  admin = await t.login('admin@demo.test');
  bridge = await provisionBridge(t, admin, 'BR-ACL-1');
  other = await provisionBridge(t, admin, 'BR-ACL-2');
});
afterAll(() => t.close());

const reportingClient = async (id: number) => {
  const list = await t.call('GET', '/api/admin/reportingClients', { token: admin });
  return list.body.data.find((b: { id: number }) => b.id === id);
};

describe('the broker', () => {
  it('reports itself up in the health check while it listens', async () => {
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ok: true, broker: 'up', database: 'up' });
  });
});

describe('authentication', () => {
  it('accepts a bridge with its serial and secret, and shows it online', async () => {
    const client = await connectBridge(t, bridge);
    const online = await eventually(async () => (await reportingClient(bridge.id)).online && (await reportingClient(bridge.id)), 'online');
    expect(online.lastSeen).not.toBeNull();
    await client.endAsync();
    const offline = await eventually(async () => !(await reportingClient(bridge.id)).online && (await reportingClient(bridge.id)), 'offline');
    expect(Date.parse(offline.lastSeen)).toBeGreaterThan(0);
  });

  it('answers wrong credentials with CONNACK "not authorized" and nothing else happens', async () => {
    await expect(connectBridge(t, { serial: bridge.serial, secret: 'not-the-secret' })).rejects.toMatchObject({ code: 5 });
    await expect(connectBridge(t, { serial: 'BR-UNKNOWN', secret: bridge.secret })).rejects.toMatchObject({ code: 5 });
    // Another bridge's secret does not open this serial.
    await expect(connectBridge(t, { serial: bridge.serial, secret: other.secret })).rejects.toMatchObject({ code: 5 });
    expect((await reportingClient(bridge.id)).online).toBe(false);
  });

  it('refuses a client id that is not the serial, and an empty one', async () => {
    await expect(connectBridge(t, bridge, { clientId: 'someone-else' })).rejects.toMatchObject({ code: 5 });
    await expect(connectBridge(t, bridge, { clientId: '', clean: true })).rejects.toMatchObject({ code: 2 });
  });

  it('accepts a keepalive above 300 s (it is capped, not refused)', async () => {
    const client = await connectBridge(t, bridge, { keepalive: 3600 });
    expect(client.connected).toBe(true);
    await client.endAsync();
  });
});

describe('on connect', () => {
  it('asks the bridge for a snapshot once it listens on its admin topic', async () => {
    const client = await connectBridge(t, bridge);
    const received = new Promise<unknown>((resolve) => client.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
    await client.subscribeAsync(`bridges/${bridge.serial}/admin`, { qos: 1 });
    expect(await received).toMatchObject({ action: 'snapshot' });
    await client.endAsync();
  });
});

describe('the topic ACL', () => {
  it('refuses subscriptions outside the bridge’s own put and admin with 0x80 and keeps the connection', async () => {
    const client = await connectBridge(t, bridge);
    // mqtt.js rejects a SUBACK carrying failures; the packet is on the error.
    const suback = await client.subscribeAsync(['#', '$SYS/#', `bridges/${other.serial}/put`, 'bridges/+/put'], { qos: 1 }).catch((err) => err.packet);
    expect(suback.granted).toEqual([0x80, 0x80, 0x80, 0x80]);
    const own = await client.subscribeAsync(`bridges/${bridge.serial}/put`, { qos: 1 });
    expect(own[0].qos).toBe(1);
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'environment.depth.belowTransducer', value: 12.5 }]), { qos: 1 });
    expect(await storedHistory(t, bridge.id, 'environment.depth.belowTransducer')).toHaveLength(1);
    await client.endAsync();
  });

  it('drops publishes to other bridges’ topics: the other bridge receives nothing and nothing is stored', async () => {
    const victim = await connectBridge(t, other);
    const delivered: string[] = [];
    victim.on('message', (topic) => delivered.push(topic));
    await victim.subscribeAsync(`bridges/${other.serial}/put`, { qos: 1 });

    const client = await connectBridge(t, bridge);
    await client.publishAsync(`bridges/${other.serial}/put`, JSON.stringify({ requestId: 'x', context: 'vessels.self', put: { path: 'a.b', value: 1 } }), {
      qos: 1,
    });
    await client.publishAsync(`bridges/${other.serial}/delta`, delta([{ path: 'navigation.speedOverGround', value: 99 }]), { qos: 1 });
    await client.publishAsync(`bridges/${bridge.serial}/put`, '{}', { qos: 1 });
    // Acknowledged (MQTT-3.3.5-2) but neither delivered nor stored.
    expect(client.connected).toBe(true);
    expect(await storedHistory(t, other.id)).toHaveLength(0);
    await victim.publishAsync(`bridges/${other.serial}/status`, JSON.stringify({ online: true }), { qos: 1 });
    expect(delivered).toEqual([]);
    await client.endAsync();
    await victim.endAsync();
  });

  it('closes the connection of a bridge that keeps trying', async () => {
    const client = await connectBridge(t, bridge);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    for (let i = 0; i < 10; i++) client.publish(`bridges/${other.serial}/delta`, '{}', { qos: 0 });
    await closed;
    expect(client.connected).toBe(false);
    client.end(true);
    // The bridge may come back and behave.
    const again = await connectBridge(t, bridge);
    expect(again.connected).toBe(true);
    await again.endAsync();
  });
});

describe('MQTT over WebSocket', () => {
  it('serves bridges at /mqtt on the HTTP port with the same rules', async () => {
    const url = `ws://127.0.0.1:${t.server.info.port}/mqtt`;
    await expect(
      mqtt.connectAsync(url, { clientId: bridge.serial, username: bridge.serial, password: 'wrong', reconnectPeriod: 0, protocolVersion: 4 }),
    ).rejects.toMatchObject({ code: 5 });
    const client = await mqtt.connectAsync(url, {
      clientId: bridge.serial,
      username: bridge.serial,
      password: bridge.secret,
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'environment.wind.speedApparent', value: 7.2 }]), { qos: 1 });
    expect(await storedHistory(t, bridge.id, 'environment.wind.speedApparent')).toEqual([expect.objectContaining({ value: '7.2' })]);
    await client.endAsync();
  });
});
