/**
 * Test bridges: provisioning through the admin API, real MQTT clients (the `mqtt` package)
 * speaking docs/protocol.md to the in-process broker, and small waiting helpers.
 */
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { pairBridge } from '../../src/modules/bridges/api.js';
import { samplesOf } from '../../src/modules/telemetry/history-repository.js';
import type { DeviceInventory, PutRequest, PutResponse, SignalKValue } from '../../src/mqtt/protocol.js';
import type { TestServer } from '../helpers/server.js';

export interface TestBridge {
  id: number;
  serial: string;
  secret: string;
  pairingCode: string;
}

export async function provisionBridge(t: TestServer, adminToken: string, serial?: string): Promise<TestBridge> {
  const res = await t.call('POST', '/api/admin/reportingClients', { token: adminToken, payload: serial ? { serial, version: '1.0.0' } : {} });
  if (res.status !== 200) throw new Error(`provisioning failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function vesselIdByName(t: TestServer, name: string): Promise<number> {
  const row = await t.database.db('vessels').where({ name }).first('id');
  return row.id;
}

/** A provisioned bridge paired with the named demo vessel. */
export async function pairedBridge(t: TestServer, adminToken: string, vesselName: string, serial?: string): Promise<TestBridge & { vesselId: number }> {
  const bridge = await provisionBridge(t, adminToken, serial);
  const vesselId = await vesselIdByName(t, vesselName);
  await pairBridge(t.database.db, bridge.pairingCode, vesselId);
  return { ...bridge, vesselId };
}

export const mqttUrl = (t: TestServer) => `mqtt://127.0.0.1:${t.server.app.mqtt.port}`;

/** Connects as a bridge (clientId = username = serial); rejects when the broker refuses. */
export function connectBridge(t: TestServer, bridge: { serial: string; secret: string }, options: IClientOptions = {}): Promise<MqttClient> {
  return mqtt.connectAsync(mqttUrl(t), {
    clientId: bridge.serial,
    username: bridge.serial,
    password: bridge.secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
}

/** A bridge's CONNECT as bytes, for tests that speak MQTT on a raw socket. */
export function connectPacket(bridge: { serial: string; secret: string }): Buffer {
  return mqttPacket.generate({
    cmd: 'connect',
    protocolId: 'MQTT',
    protocolVersion: 4,
    clean: true,
    clientId: bridge.serial,
    username: bridge.serial,
    password: Buffer.from(bridge.secret),
    keepalive: 30,
  });
}

export function delta(values: SignalKValue[], options: { timestamp?: string; source?: string } = {}): string {
  return JSON.stringify({
    context: 'vessels.self',
    updates: [{ $source: options.source ?? 'n2k.17', ...(options.timestamp ? { timestamp: options.timestamp } : {}), values }],
  });
}

export const INVENTORY: DeviceInventory = {
  devices: [
    {
      id: 'house-battery',
      name: 'House battery',
      category: 'power',
      manufacturer: 'Victron',
      model: 'BMV-712',
      location: 'Engine room',
      properties: [
        { path: 'electrical.batteries.house.voltage', displayName: 'Voltage', units: 'V', writable: false },
        { path: 'electrical.batteries.house.capacity.stateOfCharge', displayName: 'State of charge', units: 'ratio', writable: false, min: 0, max: 1 },
      ],
    },
    {
      id: 'saloon-lights',
      name: 'Saloon lights',
      category: 'lighting',
      properties: [{ path: 'electrical.switches.bank.0.1.state', displayName: 'On', units: 'bool', writable: true, min: 0, max: 1 }],
    },
    {
      id: 'gps',
      name: 'GPS',
      category: 'maritime',
      properties: [{ path: 'navigation.position', displayName: 'Position', units: '', writable: false }],
    },
    {
      id: 'fuel-tank',
      name: 'Fuel tank',
      category: 'tank',
      properties: [{ path: 'tanks.fuel.main.currentLevel', displayName: 'Level', units: 'ratio', writable: false, min: 0, max: 1 }],
    },
  ],
};

export async function publishInventory(client: MqttClient, serial: string, inventory: DeviceInventory = INVENTORY): Promise<void> {
  await client.publishAsync(`bridges/${serial}/devices`, JSON.stringify(inventory), { qos: 1, retain: true });
}

/**
 * Makes a connected bridge answer PUT requests like a device on board would: the answers, then,
 * when the last one is COMPLETED, the property's new value as a delta (the read-back that
 * confirms a command).
 */
export async function answerPuts(client: MqttClient, serial: string, answer: (request: PutRequest) => PutResponse[] | null): Promise<PutRequest[]> {
  const seen: PutRequest[] = [];
  await client.subscribeAsync(`bridges/${serial}/put`, { qos: 1 });
  client.on('message', (topic, payload) => {
    if (topic !== `bridges/${serial}/put`) return;
    const request = JSON.parse(payload.toString()) as PutRequest;
    seen.push(request);
    const responses = answer(request) ?? [];
    (async () => {
      for (const response of responses) await client.publishAsync(`bridges/${serial}/put/response`, JSON.stringify(response), { qos: 1 });
      if (responses.at(-1)?.state === 'COMPLETED')
        await client.publishAsync(`bridges/${serial}/delta`, delta([{ path: request.put.path, value: request.put.value }]), { qos: 1 });
    })().catch(() => {
      // The connection closed mid-answer (the test ended, or moved the bridge): like a device
      // whose bridge went offline, it answers no more. A test waiting for the answer fails on that.
    });
  });
  return seen;
}

/**
 * History samples stored for a bridge (optionally one path), straight from the database — raw
 * rows, compacted hours and batch rows not folded yet; values as JSON text.
 */
export async function storedHistory(t: TestServer, bridgeId: number, path?: string): Promise<Array<{ path: string; tsMs: number; value: string }>> {
  const db = t.database.db;
  const stored = async (table: string) => {
    const query = db(`${table} as h`).join('value_series as s', 's.id', 'h.series_id').where('s.bridge_id', bridgeId).select('s.path', 'h.samples');
    if (path) query.where('s.path', path);
    return (await query) as Array<{ path: string; samples: string | Uint8Array }>;
  };
  const rows = [...(await stored('value_history')), ...(await stored('value_history_hours'))];
  const fromRows = rows.flatMap((row) => samplesOf(row).map(([tsMs, value]) => ({ path: row.path, tsMs, value: JSON.stringify(value) })));
  const paths = new Map<number, string>(
    (await db('value_series').where({ bridge_id: bridgeId }).select('id', 'path')).map((s: { id: number; path: string }) => [s.id, s.path]),
  );
  const batches: Array<{ samples: string }> = await db('value_batches').where({ bridge_id: bridgeId }).select('samples');
  const fromBatches = batches
    .flatMap((row) => JSON.parse(row.samples) as Array<[number, number, unknown]>)
    .filter(([seriesId]) => paths.has(seriesId) && (!path || paths.get(seriesId) === path))
    .map(([seriesId, tsMs, value]) => ({ path: paths.get(seriesId)!, tsMs, value: JSON.stringify(value) }));
  return [...fromRows, ...fromBatches];
}

/**
 * Runs the rollup job until everything stored so far is in the rollups (docs/decisions.md,
 * "History for charts"): it rolls up to the horizon an earlier pass took at least 5 s before, so
 * the server's clock (ctx.clock) is moved 10 s ahead before each of three passes.
 */
export async function rollUpHistory(t: TestServer): Promise<void> {
  const ctx = t.server.app.ctx;
  for (let pass = 0; pass < 3; pass++) {
    ctx.clock.advance(10_000);
    await t.server.plugins.telemetry.rollups.run();
  }
}

/** The stored current value of a path (its series row), or undefined. */
export const storedCurrent = (t: TestServer, bridgeId: number, path: string) => t.database.db('value_series').where({ bridge_id: bridgeId, path }).first();

/** Polls until the check answers something truthy. */
export async function eventually<T>(check: () => Promise<T> | T, what = 'condition', timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
