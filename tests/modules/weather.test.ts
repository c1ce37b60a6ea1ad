import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delta, eventually, storedCurrent, vesselIdByName } from '../mqtt/helpers.js';
import { seaBreezeOnline, type SeaBreezeOnline } from '../helpers/sea-breeze.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

/** A stand-in for the weather service: answers the current hour, or 500 while `down`. */
let standIn: Server;
const asked: URL[] = [];
let down = false;

beforeAll(async () => {
  standIn = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url!, 'http://stand-in');
    asked.push(url);
    if (down) return void res.writeHead(500).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        current: { time: '2026-11-24T10:00', temperature_2m: 18.4, wind_speed_10m: 6.2, wind_direction_10m: 240, surface_pressure: 1012.3 },
      }),
    );
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
});
afterAll(() => standIn.close());

describe('weather from the weather service', () => {
  let t: TestServer;
  let owner: string;
  let owner2: string;
  let seaBreeze: number;
  beforeAll(async () => {
    t = await createTestServer({ demo: true, env: { WEATHER_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1/forecast` } });
    [owner, owner2] = [await t.login('owner@demo.test'), await t.login('owner2@demo.test')];
    seaBreeze = await vesselIdByName(t, 'Sea Breeze');
  });
  afterAll(() => t.close());

  it('answers the service’s current weather in metric units, naming the source', async () => {
    const res = await t.call('GET', '/api/weather?lat=43.7&lon=7.42', { token: owner });
    expect(res.body.data).toEqual({
      source: 'service',
      sourceName: 'Open-Meteo',
      observedAt: '2026-11-24T10:00:00.000Z',
      temperatureC: 18.4,
      windSpeedMs: 6.2,
      windDirectionDeg: 240,
      pressureHpa: 1012.3,
    });
    const url = asked.at(-1)!;
    expect(url.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ latitude: '43.70', longitude: '7.42', wind_speed_unit: 'ms', temperature_unit: 'celsius' });
  });

  it('asks the service once an hour per rounded position', async () => {
    const clock = t.server.app.ctx.clock;
    const start = Date.parse('2026-11-24T10:05:00Z');
    try {
      clock.set(start);
      const before = asked.length;
      await t.call('GET', '/api/weather?lat=50.001&lon=-1.001', { token: owner });
      await t.call('GET', '/api/weather?lat=50.004&lon=-1.004', { token: owner });
      expect(asked.length).toBe(before + 1);
      clock.set(start + 3_600_000);
      await t.call('GET', '/api/weather?lat=50.001&lon=-1.001', { token: owner });
      expect(asked.length).toBe(before + 2);
    } finally {
      clock.reset();
    }
  });

  it('says there is no weather when the service is down and the vessel has no sensors', async () => {
    down = true;
    try {
      const res = await t.call('GET', `/api/weather?lat=10&lon=10&vesselId=${seaBreeze}`, { token: owner });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ source: null, sourceName: null, temperatureC: null });
    } finally {
      down = false;
    }
  });

  it('refuses bad positions and another tenant’s vessel', async () => {
    const bad = await t.call('GET', '/api/weather?lat=91&lon=0', { token: owner });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', `/api/weather?lat=1&lon=1&vesselId=${seaBreeze}`, { token: owner2 })).status).toBe(404);
    expect((await t.call('GET', '/api/weather?lat=1&lon=1&vesselId=999999', { token: owner2 })).status).toBe(404);
    expect((await t.call('GET', '/api/weather?lat=1&lon=1')).status).toBe(401);
  });
});

describe('weather without a weather service', () => {
  let online: SeaBreezeOnline;
  beforeAll(async () => {
    online = await seaBreezeOnline('WX-1');
  });
  afterAll(() => online.close());

  it('comes from the vessel’s own sensors, converted to metric and named as such', async () => {
    const { t, bridge, client, crew } = online;
    await client.publishAsync(
      `bridges/${bridge.serial}/delta`,
      delta([
        { path: 'environment.outside.temperature', value: 293.15 },
        { path: 'environment.wind.speedTrue', value: 5 },
        { path: 'environment.wind.directionTrue', value: Math.PI / 2 },
        { path: 'environment.outside.pressure', value: 101300 },
      ]),
      { qos: 1 },
    );
    await eventually(() => storedCurrent(t, bridge.id, 'environment.outside.pressure'), 'pressure stored');
    const res = await t.call('GET', `/api/weather?lat=43.7&lon=7.42&vesselId=${bridge.vesselId}`, { token: crew });
    expect(res.body.data).toEqual({
      source: 'vessel',
      sourceName: "Sea Breeze's sensors",
      observedAt: new Date(Number((await storedCurrent(t, bridge.id, 'environment.outside.pressure')).ts_ms)).toISOString(),
      temperatureC: 20,
      windSpeedMs: 5,
      windDirectionDeg: 90,
      pressureHpa: 1013,
    });
    expect((await t.call('GET', '/api/weather?lat=43.7&lon=7.42', { token: crew })).body.data.source).toBeNull();
  });
});
