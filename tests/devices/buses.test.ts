/**
 * Buses: the platform's catalogue (`dataUtils?action=getAllBuses`) and what one of a vessel's buses
 * carries (`devices/busProperties`), for members with deviceManager VIEW; another tenant's vessel
 * answers like a missing one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusProperty } from '../../contracts/devices.js';
import { delta, eventually } from '../mqtt/helpers.js';
import { seaBreezeOnline, type SeaBreezeOnline } from '../helpers/sea-breeze.js';

let s: SeaBreezeOnline;
const VOLTAGE = 'electrical.batteries.house.voltage';
const FUEL = 'tanks.fuel.main.currentLevel';

beforeAll(async () => {
  s = await seaBreezeOnline('BR-BUSES', { inventory: true });
  await s.client.publishAsync(`bridges/${s.bridge.serial}/delta`, delta([{ path: VOLTAGE, value: 12.6 }], { source: 'n2k.17' }), { qos: 1 });
  await s.client.publishAsync(`bridges/${s.bridge.serial}/delta`, delta([{ path: FUEL, value: 0.4 }], { source: 'nmea0183.II' }), { qos: 1 });
});
afterAll(() => s.close());

const get = (url: string, token: string) => s.t.call('GET', url, { token });
const onBus = (bus: string, token = s.crew) => get(`/api/devices/busProperties?vesselId=${s.bridge.vesselId}&bus=${bus}`, token);

describe('buses', () => {
  it('names the buses the platform knows, for every signed-in user', async () => {
    const res = await get('/api/dataUtils?action=getAllBuses', s.owner2);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        { id: 'n2k', name: 'NMEA 2000' },
        { id: 'nmea0183', name: 'NMEA 0183' },
      ]),
    );
    expect((await get('/api/dataUtils?action=getEverything', s.owner)).status).toBe(400);
    expect((await get('/api/dataUtils', s.owner)).status).toBe(400);
    expect((await s.t.call('GET', '/api/dataUtils?action=getAllBuses')).status).toBe(401);
  });

  it("answers the properties whose current value came through a bus, with the vessel's bus list", async () => {
    const buses = await eventually(async () => {
      const list = (await get(`/api/vessel/${s.bridge.vesselId}/busList`, s.crew)).body.data as Array<{ name: string }>;
      return list.length === 2 ? list : null;
    }, 'both buses seen');
    expect(buses.map((b) => b.name)).toEqual(['n2k', 'nmea0183']);

    const n2k = await eventually(async () => {
      const res = await onBus('n2k');
      return (res.body.data as BusProperty[]).find((p) => p.path === VOLTAGE && p.value === 12.6);
    }, 'the voltage on NMEA 2000');
    expect(n2k).toMatchObject({ deviceName: 'House battery', displayName: 'Voltage', units: 'V', source: 'n2k.17' });
    const nmea0183 = (await onBus('nmea0183')).body.data as BusProperty[];
    expect(nmea0183.map((p) => [p.path, p.value, p.source])).toEqual([[FUEL, 0.4, 'nmea0183.II']]);
    expect((await onBus('n2k')).body.data.map((p: BusProperty) => p.path)).not.toContain(FUEL);
    // A bus that is a prefix of another's name is not that bus.
    expect((await onBus('n2')).body.data).toEqual([]);
    expect((await onBus('can_bus')).body.data).toEqual([]);
  });

  it('refuses a malformed bus, and answers another tenant like a missing vessel', async () => {
    expect((await onBus('n2k%25')).status).toBe(400);
    expect((await get('/api/devices/busProperties?bus=n2k', s.owner)).status).toBe(400);
    expect((await onBus('n2k', s.owner2)).status).toBe(404);
    expect((await get(`/api/vessel/${s.bridge.vesselId}/busList`, s.owner2)).status).toBe(404);
    expect((await get(`/api/devices/busProperties?vesselId=999999&bus=n2k`, s.owner)).status).toBe(404);
  });
});
