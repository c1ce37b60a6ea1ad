/**
 * The bridge agent aboard against the real server: a Signal K server played by this test (its
 * WebSocket stream with recorded deltas, and its PUT API over HTTP), a command from sendCommand
 * to the Signal K server and back, and properties described from the Signal K schema.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { Agent } from '../../bridge/agent';
import { signalKAddress } from '../../bridge/sources/signalk';
import type { Device } from '../../contracts/devices';
import { silentLogger } from '../../bridge/client/logger';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { eventually, mqttUrl, pairedBridge, storedCurrent, type TestBridge } from '../mqtt/helpers.js';

const TOKEN = 'signalk-device-token';
const SELF = 'vessels.urn:mrn:imo:mmsi:230099999';

/** Deltas as signalk-server sends them: its own context, `$source` and `source`, a `meta` update. */
const recorded = (timestamp: string) => [
  {
    context: SELF,
    updates: [
      {
        source: { label: 'n2k-on-ve.can-socket', type: 'NMEA2000', pgn: 127508, src: '226' },
        $source: 'n2k-on-ve.can-socket.226',
        timestamp,
        values: [
          { path: 'electrical.batteries.279.voltage', value: 13.24 },
          { path: 'electrical.batteries.279.capacity.stateOfCharge', value: 0.87 },
        ],
      },
    ],
  },
  {
    context: SELF,
    updates: [
      { $source: 'n2k-on-ve.can-socket.17', timestamp, values: [{ path: 'propulsion.port.revolutions', value: 30.5 }] },
      { $source: 'venus.com.victronenergy.system', timestamp, values: [{ path: 'electrical.switches.venus-0.state', value: 0 }] },
      { timestamp, meta: [{ path: 'electrical.switches.venus-0.state', value: { units: 'bool' } }] },
    ],
  },
  // An AIS target: not this vessel, ignored.
  { context: 'vessels.urn:mrn:imo:mmsi:227000000', updates: [{ $source: 'ais', timestamp, values: [{ path: 'navigation.speedOverGround', value: 5 }] }] },
];

let t: TestServer;
let bridge: TestBridge & { vesselId: number };
let signalk: Server;
let sockets: WebSocketServer;
const streams: WebSocket[] = [];
let agent: Agent;
let queueDir: string;
const puts: Array<{ url: string; authorization?: string; body: unknown }> = [];

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-AGENT');
  queueDir = await mkdtemp(join(tmpdir(), 'agent-queue-'));

  signalk = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'PUT') {
        puts.push({ url: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(body) });
        const value = (JSON.parse(body) as { value: unknown }).value;
        response.setHeader('Content-Type', 'application/json');
        if (value === 'broken') return response.end(JSON.stringify({ state: 'COMPLETED', statusCode: 502, message: 'Relay did not answer' }));
        // The switch acts, then its new state comes back on the stream like any value.
        for (const stream of streams)
          stream.send(
            JSON.stringify({
              context: SELF,
              updates: [
                {
                  $source: 'venus.com.victronenergy.system',
                  timestamp: new Date().toISOString(),
                  values: [{ path: 'electrical.switches.venus-0.state', value }],
                },
              ],
            }),
          );
        return response.end(JSON.stringify({ state: 'COMPLETED', statusCode: 200 }));
      }
      response.statusCode = 404;
      response.end();
    });
  });
  sockets = new WebSocketServer({ server: signalk, path: '/signalk/v1/stream' });
  sockets.on('connection', (socket, request) => {
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return socket.close(1008, 'unauthorized');
    streams.push(socket);
    socket.send(JSON.stringify({ name: 'signalk-server', version: '2.13.0', self: SELF, roles: ['master', 'main'], timestamp: new Date().toISOString() }));
    for (const delta of recorded(new Date().toISOString())) socket.send(JSON.stringify(delta));
  });
  await new Promise<void>((resolve) => signalk.listen(0, '127.0.0.1', resolve));

  agent = new Agent({
    mqttUrl: mqttUrl(t),
    serial: bridge.serial,
    secret: bridge.secret,
    version: '2.0.1',
    signalk: { address: signalKAddress(`127.0.0.1:${(signalk.address() as AddressInfo).port}`)!, token: TOKEN },
    queue: { directory: queueDir, maxBytes: 1024 * 1024, maxAgeMs: 3_600_000 },
    logger: silentLogger,
  }).start();
  await agent.waitForConnect();
});

afterAll(async () => {
  await agent.stop();
  for (const stream of streams) stream.terminate();
  sockets.close();
  await new Promise((resolve) => signalk.close(resolve));
  await t.close();
  await rm(queueDir, { recursive: true, force: true });
});

const property = (path: string) => t.database.db('device_properties').where({ bridge_id: bridge.id, path }).first();

describe('the bridge agent with a Signal K server', () => {
  it("forwards the server's stream for this vessel, reports its version, and ignores AIS targets", async () => {
    const voltage = await eventually(() => storedCurrent(t, bridge.id, 'electrical.batteries.279.voltage'), 'voltage stored');
    expect(JSON.parse(voltage.value)).toBe(13.24);
    await eventually(() => storedCurrent(t, bridge.id, 'propulsion.port.revolutions'), 'revolutions stored');
    expect(await storedCurrent(t, bridge.id, 'navigation.speedOverGround')).toBeUndefined();
    await eventually(async () => (await t.database.db('bridges').where({ id: bridge.id }).first()).version === '2.0.1', 'version reported');
  });

  it('describes paths without an inventory from the Signal K schema, grouped by what they measure', async () => {
    const voltage = await eventually(() => property('electrical.batteries.279.voltage'), 'voltage property');
    expect(voltage).toMatchObject({ units: 'V', display_name: 'Voltage', description: 'Voltage measured at or as close as possible to the device' });
    const revolutions = await eventually(() => property('propulsion.port.revolutions'), 'revolutions property');
    expect(revolutions).toMatchObject({ units: 'Hz', display_name: 'Revolutions' });
    const soc = await property('electrical.batteries.279.capacity.stateOfCharge');
    expect(soc).toMatchObject({ units: 'ratio', display_name: 'Capacity state of charge' });
    const devices = await t.database.db('devices').where({ bridge_id: bridge.id }).orderBy('name');
    expect(devices.map((d: { name: string; category: string }) => [d.name, d.category])).toEqual(
      expect.arrayContaining([
        ['Batteries 279', 'power'],
        ['Engine port', 'mechanical'],
      ]),
    );
    expect(voltage.device_id).toBe(soc.device_id);
    expect(revolutions.description).toBe('Engine revolutions (x60 for RPM)');
    expect((await eventually(() => property('electrical.switches.venus-0.state'), 'switch property')).description).toBe(
      'Whether the switch is on (1) or off (0)',
    );

    // The API gives the description with the property, where its units and display name are.
    const owner = await t.login('owner@demo.test');
    const res = await t.call('GET', `/api/vessel/${bridge.vesselId}/devices`, { token: owner });
    const listed = (res.body.data as Device[]).flatMap((d) => d.properties).find((p) => p.path === 'propulsion.port.revolutions');
    expect(listed).toMatchObject({ displayName: 'Revolutions', units: 'Hz', description: 'Engine revolutions (x60 for RPM)' });
  });

  it("sends a command from sendCommand to the Signal K server's PUT API and answers with its outcome", async () => {
    const owner = await t.login('owner@demo.test');
    const state = await eventually(() => property('electrical.switches.venus-0.state'), 'switch property');
    expect(state.writable).toBeTruthy();
    const res = await t.call('POST', `/api/vessel/${bridge.vesselId}/sendCommand`, { token: owner, payload: { deviceProperty: state.id, value: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'CONFIRMED', statusCode: 200 });
    expect(puts.at(-1)).toEqual({
      url: '/signalk/v1/api/vessels/self/electrical/switches/venus-0/state',
      authorization: `Bearer ${TOKEN}`,
      body: { value: 1 },
    });
    await eventually(async () => JSON.parse((await storedCurrent(t, bridge.id, 'electrical.switches.venus-0.state')).value) === 1, 'switch on');

    const failed = await t.call('POST', `/api/vessel/${bridge.vesselId}/sendCommand`, { token: owner, payload: { deviceProperty: state.id, value: 'broken' } });
    expect(JSON.stringify(failed.body)).toContain('502');
  });
});
