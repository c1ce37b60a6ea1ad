/**
 * Exports: a property's history downloaded as CSV in the caller's units or SI, the track as GPX,
 * both with the session key in the link, limited like the history they come from.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, INVENTORY, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';

let t: TestServer;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
const start = Date.now() - 3 * 3600_000;
const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
const TEMPERATURE = 'environment.inside.saloon.temperature';

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true, env: { LOG_LEVEL: 'error' } });
  const admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-EXPORTS');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial, {
    devices: [
      ...INVENTORY.devices,
      {
        id: 'saloon',
        name: 'Saloon',
        category: 'climate',
        properties: [{ path: TEMPERATURE, displayName: 'Temperature, saloon', units: 'K', writable: false }],
      },
    ],
  });
  // Two hours of samples: more than one window of the paged read.
  for (let part = 0; part < 2; part++) {
    const updates = Array.from({ length: 360 }, (_, i) => {
      const n = part * 360 + i;
      return { $source: 'n2k.35', timestamp: at(n * 10), values: [{ path: TEMPERATURE, value: 293.15 + n / 100 }] };
    });
    await client.publishAsync(`bridges/${bridge.serial}/delta`, JSON.stringify({ updates }), { qos: 1 });
  }
  for (const [i, [lat, lon]] of [
    [43.7, 7.25],
    [43.71, 7.26],
    [43.72, 7.27],
  ].entries())
    await client.publishAsync(
      `bridges/${bridge.serial}/delta`,
      delta([{ path: 'navigation.position', value: { latitude: lat, longitude: lon } }], { timestamp: at(i * 60), source: 'n2k.gps1' }),
      { qos: 1 },
    );
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

const temperatureId = async () => {
  const devices = (await t.call('GET', `/api/vessel/${bridge.vesselId}/devices`, { token: owner })).body.data;
  return devices.flatMap((d: { properties: Array<{ id: number; path: string }> }) => d.properties).find((p: { path: string }) => p.path === TEMPERATURE)
    .id as number;
};
const range = `from=${encodeURIComponent(at(-1))}&to=${encodeURIComponent(at(7200))}`;
const csvRows = (text: string) =>
  text
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

describe('property history as CSV', () => {
  it('downloads every sample in the owner’s units, oldest first, with a link key in the link', async () => {
    const id = await temperatureId();
    const res = await t.call('GET', await t.link(owner, `/api/vessel/${bridge.vesselId}/properties/${id}/history.csv?${range}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="temperature-saloon-\d{4}-\d\d-\d\d\.csv"/);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['timestamp', '"Temperature', ' saloon (°C)"']);
    expect(rows).toHaveLength(720);
    expect(rows[0]).toEqual([at(0), '20']);
    expect(rows[719]).toEqual([at(719 * 10), '27.19']);
    const times = rows.map(([ts]) => Date.parse(ts));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('converts to imperial or leaves SI when asked', async () => {
    const id = await temperatureId();
    const imperial = csvRows(
      (await t.call('GET', `/api/vessel/${bridge.vesselId}/properties/${id}/history.csv?${range}&units=imperial`, { token: owner })).body,
    );
    expect(imperial[0][2]).toBe(' saloon (°F)"');
    expect(imperial[1][1]).toBe('68');
    const si = csvRows((await t.call('GET', `/api/vessel/${bridge.vesselId}/properties/${id}/history.csv?${range}&units=si`, { token: owner })).body);
    expect(si[0][2]).toBe(' saloon (K)"');
    expect(Number(si[1][1])).toBeCloseTo(293.15);
  });

  it('follows the user’s unit preference', async () => {
    const crew = await t.login('crew@demo.test');
    expect((await t.call('POST', '/api/profile/edit', { token: crew, payload: { preferences: { unitSystem: 'imperial' } } })).status).toBeLessThan(300);
    const res = await t.call('GET', `/api/vessel/${bridge.vesselId}/properties/${await temperatureId()}/history.csv?${range}`, { token: crew });
    expect(csvRows(res.body)[1][1]).toBe('68');
  });

  it('answers 404 for another tenant, a property of another vessel, or a bad range in the envelope', async () => {
    const id = await temperatureId();
    const stranger = await t.login('owner2@demo.test');
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/properties/${id}/history.csv`, { token: stranger })).status).toBe(404);
    const northernStar = (await t.call('GET', '/api/vessel/basic', { token: stranger })).body.data[0].id;
    expect((await t.call('GET', `/api/vessel/${northernStar}/properties/${id}/history.csv`, { token: stranger })).status).toBe(404);
    const bad = await t.call('GET', `/api/vessel/${bridge.vesselId}/properties/${id}/history.csv?units=furlongs`, { token: owner });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, status: 400 });
  });
});

describe('track as GPX', () => {
  it('downloads the positions as a GPX 1.1 track', async () => {
    const res = await t.call('GET', `/api/vessel/${bridge.vesselId}/locationHistory.gpx?${range}`, { token: owner });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/gpx\+xml/);
    expect(res.headers['content-disposition']).toMatch(/filename="sea-breeze-/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<gpx version="1.1"/);
    const points = [...(res.body as string).matchAll(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)"><time>([^<]+)<\/time><\/trkpt>/g)];
    expect(points.map((p) => [Number(p[1]), Number(p[2]), p[3]])).toEqual([
      [43.7, 7.25, at(0)],
      [43.71, 7.26, at(60)],
      [43.72, 7.27, at(120)],
    ]);
    expect(res.body).toMatch(/<name>Sea Breeze \d{4}-\d\d-\d\d<\/name>/);
    expect(res.body.trim().endsWith('</gpx>')).toBe(true);
  });

  it('needs location services: crew without them is refused, another tenant sees nothing', async () => {
    const crew = await t.login('crew@demo.test');
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/locationHistory.gpx`, { token: crew })).status).toBe(403);
    const stranger = await t.login('owner2@demo.test');
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/locationHistory.gpx`, { token: stranger })).status).toBe(404);
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/locationHistory.gpx`)).status).toBe(401);
  });
});
