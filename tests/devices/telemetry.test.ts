/**
 * Telemetry from a bridge to the API: inventory, current values, history in measurement order,
 * store-and-forward, locations, message sources, redeliveries, and a third-party client.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { promisify } from 'node:util';
import mqttPacket from 'mqtt-packet';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairBridge } from '../../src/modules/bridges/api.js';
import type { DeviceInventory } from '../../src/mqtt/protocol.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import {
  connectBridge,
  connectPacket,
  delta,
  eventually,
  INVENTORY,
  pairedBridge,
  provisionBridge,
  publishInventory,
  storedCurrent,
  storedHistory,
  vesselIdByName,
  type TestBridge,
} from '../mqtt/helpers.js';

let t: TestServer;
let admin: string;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-TELEMETRY');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

const publish = (payload: string, target = bridge.serial, via = client) => via.publishAsync(`bridges/${target}/delta`, payload, { qos: 1 });
const get = async (url: string, token = owner) => {
  const res = await t.call('GET', url, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const propertyByPath = async (path: string, vesselId = bridge.vesselId) => {
  const devices = await get(`/api/vessel/${vesselId}/devices`);
  return devices.flatMap((d: { properties: Array<{ path: string }> }) => d.properties).find((p: { path: string }) => p.path === path);
};
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

describe('devices and current values', () => {
  it('shows the inventory with each value, queryable as soon as the bridge has its PUBACK', async () => {
    await publish(
      delta(
        [
          { path: 'electrical.batteries.house.voltage', value: 12.61 },
          { path: 'electrical.switches.bank.0.1.state', value: 1 },
        ],
        { timestamp: iso(1000) },
      ),
    );
    const devices = await get(`/api/vessel/${bridge.vesselId}/devices`);
    expect(devices.map((d: { name: string }) => d.name)).toEqual(['House battery', 'Saloon lights', 'GPS', 'Fuel tank']);
    expect(devices[0]).toMatchObject({ category: 'power', manufacturer: 'Victron', model: 'BMV-712', location: 'Engine room' });
    expect(devices[0].properties[0]).toMatchObject({
      path: 'electrical.batteries.house.voltage',
      displayName: 'Voltage',
      units: 'V',
      writable: false,
      value: 12.61,
      warningLevels: null,
    });
    expect(devices[1].properties[0]).toMatchObject({ writable: true, value: 1 });
    const basic = await get(`/api/vessel/${bridge.vesselId}/devices/basic`);
    expect(basic[0]).toEqual({ id: devices[0].id, name: 'House battery', category: 'power', location: 'Engine room', propertyCount: 2 });
  });

  it('keeps property ids when the inventory is published again, and drops devices no longer reported', async () => {
    const before = await propertyByPath('electrical.batteries.house.voltage');
    await publishInventory(client, bridge.serial);
    expect((await propertyByPath('electrical.batteries.house.voltage')).id).toBe(before.id);
    await publishInventory(client, bridge.serial, {
      devices: [
        { id: 'gps', name: 'GPS', category: 'maritime', properties: [{ path: 'navigation.position', displayName: 'Position', units: '', writable: false }] },
      ],
    });
    expect((await get(`/api/vessel/${bridge.vesselId}/devices`)).map((d: { name: string }) => d.name)).toEqual(['GPS']);
    await publishInventory(client, bridge.serial);
  });

  it('makes the devices match the inventory again when the very same one arrives after a value gave a path a device of its own', async () => {
    const names = async () => (await get(`/api/vessel/${bridge.vesselId}/devices`)).map((d: { name: string }) => d.name);
    const inventoryOnly = await names();
    // A path the inventory does not list gets a device described from the Signal K schema.
    await publish(delta([{ path: 'environment.wind.speedApparent', value: 4.2 }]));
    const withSchemaDevice = await names();
    expect(withSchemaDevice.length).toBe(inventoryOnly.length + 1);
    // Byte for byte the last inventory: recognised by its digest, yet not skipped, since the stored devices moved on since.
    await publishInventory(client, bridge.serial);
    expect(await names()).toEqual(inventoryOnly);
    // And once they match it, the same inventory again changes nothing.
    await publishInventory(client, bridge.serial);
    expect(await names()).toEqual(inventoryOnly);
  });

  it('reads a delta sent right behind a new inventory against that inventory: a path it lists gets no device of its own', async () => {
    const names = async () => (await get(`/api/vessel/${bridge.vesselId}/devices`)).map((d: { name: string }) => d.name);
    const before = await names();
    // A big inventory takes its time to store; the delta's batch is quicker.
    const tanks = Array.from({ length: 60 }, (_, i) => ({
      id: `tank-${i}`,
      name: `Tank ${i}`,
      category: 'tank' as const,
      properties: [{ path: `tanks.freshWater.t${i}.currentLevel`, displayName: 'Level', units: 'ratio', writable: false }],
    }));
    const withWind = {
      devices: [
        ...INVENTORY.devices,
        {
          id: 'wind',
          name: 'Wind sensor',
          category: 'maritime',
          properties: [{ path: 'environment.wind.angleApparent', displayName: 'Angle', units: 'rad', writable: false }],
        },
        ...tanks,
      ],
    } satisfies DeviceInventory;
    // As a bridge sends them when asked for a snapshot: the inventory, then at once the values, without waiting for either PUBACK.
    await Promise.all([publishInventory(client, bridge.serial, withWind), publish(delta([{ path: 'environment.wind.angleApparent', value: 0.5 }]))]);
    expect(await names()).toEqual([...before, 'Wind sensor', ...tanks.map((tank) => tank.name)]);
    expect((await propertyByPath('environment.wind.angleApparent')).value).toBe(0.5);
    await publishInventory(client, bridge.serial);
  });

  it('checks an inventory that differs from the last one by a byte as it checks any other: a malformed one is refused and changes nothing', async () => {
    const before = (await get(`/api/vessel/${bridge.vesselId}/devices`)).map((d: { name: string }) => d.name);
    const malformed = { devices: [{ id: 'gps', name: 'GPS', category: 'no-such-category', properties: [] }] };
    await client.publishAsync(`bridges/${bridge.serial}/devices`, JSON.stringify(malformed), { qos: 1 });
    await publishInventory(client, bridge.serial);
    expect((await get(`/api/vessel/${bridge.vesselId}/devices`)).map((d: { name: string }) => d.name)).toEqual(before);
  });

  it('stores buffered values in measurement order; the current value only moves forward', async () => {
    const path = 'tanks.fuel.main.currentLevel';
    await publish(delta([{ path, value: 0.5 }], { timestamp: iso(10_000) }));
    // Store-and-forward: older values arrive after the newer one.
    await publish(delta([{ path, value: 0.8 }], { timestamp: iso(30_000) }));
    await publish(delta([{ path, value: 0.7 }], { timestamp: iso(20_000) }));
    const fuel = await propertyByPath(path);
    expect(fuel.value).toBe(0.5);
    const history = await get(`/api/simpleDevices/values?propertyId=${fuel.id}&dateFrom=${iso(60_000)}`);
    expect(history.map((h: { value: number }) => h.value)).toEqual([0.8, 0.7, 0.5]);
    expect(history.map((h: { timestamp: string }) => h.timestamp)).toEqual([...history.map((h: { timestamp: string }) => h.timestamp)].sort());
  });

  it('thins a long history to at most 2000 points, oldest first', async () => {
    const path = 'tanks.fuel.main.currentLevel';
    const start = Date.now() - 3_600_000;
    for (let part = 0; part < 3; part++) {
      const updates = Array.from({ length: 1000 }, (_, i) => {
        const n = part * 1000 + i;
        return { $source: 'n2k.17', timestamp: new Date(start + n * 1000).toISOString(), values: [{ path, value: n / 3000 }] };
      });
      await publish(JSON.stringify({ updates }));
    }
    const fuel = await propertyByPath(path);
    const history = await get(
      `/api/simpleDevices/values?propertyId=${fuel.id}&dateFrom=${new Date(start).toISOString()}&dateTo=${new Date(start + 2999_000).toISOString()}`,
    );
    expect(history.length).toBeGreaterThan(1000);
    expect(history.length).toBeLessThanOrEqual(2000);
    expect(history[0]).toEqual({ timestamp: new Date(start).toISOString(), value: 0 });
    const times = history.map((h: { timestamp: string }) => Date.parse(h.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('clears a value with null', async () => {
    const path = 'electrical.batteries.house.capacity.stateOfCharge';
    await publish(delta([{ path, value: 0.9 }], { timestamp: iso(2000) }));
    expect((await propertyByPath(path)).value).toBe(0.9);
    await publish(delta([{ path, value: null }], { timestamp: iso(1000) }));
    expect((await propertyByPath(path)).value).toBeNull();
  });

  it('takes a timestamp far in the future as the time of arrival', async () => {
    const path = 'environment.inside.saloon.temperature';
    await publish(delta([{ path, value: 295 }], { timestamp: '2099-01-01T00:00:00.000Z' }));
    await publish(delta([{ path, value: 296 }]));
    const current = await storedCurrent(t, bridge.id, path);
    expect(JSON.parse(current.value)).toBe(296);
    expect(Number(current.ts_ms)).toBeLessThan(Date.parse('2030-01-01'));
  });

  it('ignores other contexts (AIS targets)', async () => {
    await publish(JSON.stringify({ context: 'vessels.urn:mrn:imo:mmsi:227000000', updates: [{ values: [{ path: 'navigation.speedOverGround', value: 4 }] }] }));
    expect(await storedCurrent(t, bridge.id, 'navigation.speedOverGround')).toBeUndefined();
  });
});

describe('an unpaired bridge', () => {
  it('keeps what it reports and shows it on the vessel once paired', async () => {
    const loose = await provisionBridge(t, admin, 'BR-LOOSE');
    const looseClient = await connectBridge(t, loose);
    await publishInventory(looseClient, loose.serial);
    await publish(delta([{ path: 'electrical.batteries.house.voltage', value: 13.1 }]), loose.serial, looseClient);
    const vesselId = await vesselIdByName(t, 'Blue Horizon');
    expect(await get(`/api/vessel/${vesselId}/devices`)).toEqual([]);
    await pairBridge(t.database.db, loose.pairingCode, vesselId);
    t.changedBehindTheServersBack();
    expect((await propertyByPath('electrical.batteries.house.voltage', vesselId)).value).toBe(13.1);
    await looseClient.endAsync();
  });
});

describe('locations and message sources', () => {
  it('keeps positions with speed and course; the first GPS feeds the track', async () => {
    const start = Date.now() - 60_000;
    for (const [i, latitude] of [43.7, 43.71, 43.72].entries()) {
      await publish(
        delta(
          [
            { path: 'navigation.position', value: { latitude, longitude: 7.42 } },
            { path: 'navigation.speedOverGround', value: 3 + i },
            { path: 'navigation.courseOverGroundTrue', value: 1.5 },
          ],
          { timestamp: new Date(start + i * 1000).toISOString(), source: 'n2k.gps1' },
        ),
      );
    }
    // A second receiver is seen but not used for the track until enabled.
    await publish(
      delta([{ path: 'navigation.position', value: { latitude: 10, longitude: 10 } }], {
        timestamp: new Date(start + 5000).toISOString(),
        source: 'nmea0183.GP',
      }),
    );

    expect(await get(`/api/vessel/${bridge.vesselId}/location`)).toEqual({
      lat: 43.72,
      lon: 7.42,
      timestamp: new Date(start + 2000).toISOString(),
      speedOverGround: 5,
      courseOverGroundTrue: 1.5,
    });
    const track = await get(`/api/vessel/${bridge.vesselId}/locationHistory?from=${new Date(start - 1).toISOString()}`);
    expect(track.map((l: { lat: number }) => l.lat)).toEqual([43.7, 43.71, 43.72]);

    const persisted = await get(`/api/vessel/location/${bridge.vesselId}/persistedSources`);
    expect(persisted.map((s: { uid: string; enabled: boolean }) => [s.uid, s.enabled])).toEqual([
      ['n2k.gps1', true],
      ['nmea0183.GP', false],
    ]);
    const enabled = await t.call('POST', `/api/vessel/location/${bridge.vesselId}/enableSources`, { token: owner, payload: { uids: ['nmea0183.GP'] } });
    expect(enabled.body.data.map((s: { uid: string }) => s.uid)).toEqual(['nmea0183.GP']);
    await publish(
      delta([{ path: 'navigation.position', value: { latitude: 11, longitude: 11 } }], {
        timestamp: new Date(start + 6000).toISOString(),
        source: 'nmea0183.GP',
      }),
    );
    await publish(
      delta([{ path: 'navigation.position', value: { latitude: 43.8, longitude: 7.5 } }], {
        timestamp: new Date(start + 7000).toISOString(),
        source: 'n2k.gps1',
      }),
    );
    expect(await get(`/api/vessel/location/${bridge.vesselId}/enabledSources`)).toEqual([
      expect.objectContaining({ uid: 'nmea0183.GP', bus: 'nmea0183', enabled: true }),
    ]);
    expect((await get(`/api/vessel/${bridge.vesselId}/location`)).lat).toBe(11);
  });

  it('lists message sources and buses, and stops storing a disabled source', async () => {
    const sources = await get(`/api/discovery/messageSources?vesselId=${bridge.vesselId}`);
    expect(sources.map((s: { uid: string }) => s.uid)).toEqual(expect.arrayContaining(['n2k.17', 'n2k.gps1', 'nmea0183.GP']));
    const buses = await get(`/api/vessel/${bridge.vesselId}/busList`);
    expect(buses.map((b: { name: string }) => b.name)).toEqual(['n2k', 'nmea0183']);

    const res = await t.call('POST', `/api/vessel/${bridge.vesselId}/discovery/messageSources`, {
      token: owner,
      payload: { sources: [{ uid: 'n2k.17', enabled: false }] },
    });
    expect(res.body.data.find((s: { uid: string }) => s.uid === 'n2k.17').enabled).toBe(false);
    await publish(delta([{ path: 'electrical.batteries.house.voltage', value: 11.11 }], { source: 'n2k.17' }));
    await publish(delta([{ path: 'electrical.batteries.house.voltage', value: 12.22 }], { source: 'n2k.18' }));
    expect((await storedHistory(t, bridge.id)).filter((r) => r.value === '11.11')).toHaveLength(0);
    expect((await propertyByPath('electrical.batteries.house.voltage')).value).toBe(12.22);
    await t.call('POST', `/api/vessel/${bridge.vesselId}/discovery/messageSources`, { token: owner, payload: { sources: [{ uid: 'n2k.17', enabled: true }] } });
  });
});

describe('redelivery', () => {
  it('stores a QoS 1 message sent again with the DUP flag only once', async () => {
    const socket = tcpConnect(t.server.app.mqtt.port!, '127.0.0.1');
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const acks: number[] = [];
    parser.on('packet', (p) => p.cmd === 'puback' && acks.push(p.messageId!));
    socket.on('data', (d) => parser.parse(d));
    const send = (packet: object) => socket.write(mqttPacket.generate(packet as mqttPacket.Packet));
    await new Promise((r) => socket.once('connect', r));
    socket.write(connectPacket(bridge));
    const payload = delta([{ path: 'propulsion.main.runTime', value: 3600 }]); // no timestamp: stamped on arrival
    const publishPacket = { cmd: 'publish', topic: `bridges/${bridge.serial}/delta`, payload, qos: 1, messageId: 4242, retain: false, dup: false };
    send(publishPacket);
    await eventually(() => acks.includes(4242), 'first PUBACK');
    // The PUBACK was "lost": the bridge reconnects and sends it again with DUP set.
    send({ ...publishPacket, dup: true });
    await eventually(() => acks.length === 2, 'second PUBACK');
    expect(await storedHistory(t, bridge.id, 'propulsion.main.runTime')).toHaveLength(1);
    // A message of its own under the same id, even flagged DUP, is new: its content tells it apart.
    send({ ...publishPacket, payload: delta([{ path: 'propulsion.main.runTime', value: 3660 }]), dup: true });
    await eventually(() => acks.length === 3, 'third PUBACK');
    expect((await storedHistory(t, bridge.id, 'propulsion.main.runTime')).map((r: { value: string }) => r.value)).toEqual(['3600', '3660']);
    socket.destroy();
  });
});

describe('a third-party client', () => {
  it('publishes with mosquitto_pub', async () => {
    const binary = ['/usr/bin/mosquitto_pub', '/usr/local/bin/mosquitto_pub'].find(existsSync);
    if (!binary) throw new Error('mosquitto_pub is not installed: apt-get install mosquitto-clients');
    const payload = delta([{ path: 'environment.depth.belowTransducer', value: 42.5 }]);
    await promisify(execFile)(binary, [
      '-h',
      '127.0.0.1',
      '-p',
      String(t.server.app.mqtt.port),
      '-i',
      bridge.serial,
      '-u',
      bridge.serial,
      '-P',
      bridge.secret,
      '-t',
      `bridges/${bridge.serial}/delta`,
      '-q',
      '1',
      '-m',
      payload,
    ]);
    const stored = await storedHistory(t, bridge.id, 'environment.depth.belowTransducer');
    expect(stored.map((r: { value: string }) => r.value)).toEqual(['42.5']);
    await expect(
      promisify(execFile)(binary, [
        '-h',
        '127.0.0.1',
        '-p',
        String(t.server.app.mqtt.port),
        '-i',
        bridge.serial,
        '-u',
        bridge.serial,
        '-P',
        'wrong',
        '-t',
        `bridges/${bridge.serial}/delta`,
        '-q',
        '1',
        '-m',
        payload,
      ]),
    ).rejects.toThrow();
  });
});
