/**
 * Simple devices: created from a template, fields mapped to the vessel's own bridge properties,
 * their values on the gauge dashboard; crew (deviceManager VIEW) reads but does not change them;
 * another tenant's devices, fields and properties answer like missing ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gauge, SimpleDevice } from '../../contracts/simple-devices.js';
import { connectBridge, delta, eventually, pairedBridge, publishInventory } from '../mqtt/helpers.js';
import { propertyIdOf, seaBreezeOnline, type SeaBreezeOnline } from '../helpers/sea-breeze.js';

let s: SeaBreezeOnline;
const VOLTAGE = 'electrical.batteries.house.voltage';

beforeAll(async () => {
  s = await seaBreezeOnline('BR-SIMPLE', { inventory: true });
});
afterAll(() => s.close());

const call = (method: string, url: string, token: string, payload?: object) => s.t.call(method, url, { token, payload });
const ok = async (method: string, url: string, token: string, payload?: object) => {
  const res = await call(method, url, token, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const createBattery = (name = 'House bank'): Promise<SimpleDevice> =>
  ok('POST', '/api/simpleDevices', s.owner, { vesselId: s.bridge.vesselId, type: 'battery', name, location: 'Engine room' });

describe('simple devices', () => {
  it('creates a device with its template fields and lists it by vessel, type and settings', async () => {
    const templates = await ok('GET', '/api/simpleDevices/templates', s.crew);
    expect(templates.map((t: { label: string }) => t.label)).toEqual(expect.arrayContaining(['Tank', 'Battery bank', 'Engine']));
    const metadata = await ok('GET', '/api/simpleDevices/metadata', s.crew);
    expect(metadata.kinds).toContainEqual({ kind: 'voltage', label: 'Voltage', units: ['V'] });

    const battery = await createBattery();
    expect(battery.fields.map((f) => [f.name, f.units, f.includeInGauges])).toEqual([
      ['Voltage', 'V', true],
      ['Current', 'A', false],
      ['State of charge', 'ratio', true],
      ['Temperature', 'K', false],
    ]);
    const listed: SimpleDevice[] = await ok('GET', `/api/simpleDevices?vesselId=${s.bridge.vesselId}`, s.crew);
    expect(listed.map((d) => d.id)).toContain(battery.id);
    expect((await ok('GET', `/api/simpleDevices/type/battery?vesselId=${s.bridge.vesselId}`, s.crew)).map((d: SimpleDevice) => d.id)).toContain(battery.id);
    expect(await ok('GET', `/api/simpleDevices/type/tank?vesselId=${s.bridge.vesselId}`, s.crew)).toEqual([]);
    const settings = await ok('GET', `/api/simpleDevices/settings?vesselId=${s.bridge.vesselId}`, s.crew);
    expect(settings).toContainEqual(expect.objectContaining({ id: battery.id, location: 'Engine room', fieldCount: 4, gaugeCount: 2 }));

    const renamed = await ok('PUT', `/api/simpleDevices/${battery.id}`, s.owner, { name: 'Service bank', manufacturer: 'Victron' });
    expect(renamed).toMatchObject({ name: 'Service bank', manufacturer: 'Victron' });
    expect((await call('POST', '/api/simpleDevices', s.owner, { vesselId: s.bridge.vesselId, type: 'spaceship', name: 'X' })).status).toBe(400);
  });

  it('shows a mapped property of the vessel on the gauge dashboard, with its units and value', async () => {
    const battery = await createBattery();
    const voltage = battery.fields.find((f) => f.name === 'Voltage')!;
    const propertyId = await propertyIdOf(s, VOLTAGE);
    await s.client.publishAsync(`bridges/${s.bridge.serial}/delta`, delta([{ path: VOLTAGE, value: 12.7 }]), { qos: 1 });
    await ok('POST', '/api/simpleDevices/mapSimpleDeviceField', s.owner, { fieldId: voltage.id, propertyId });

    const gauge = await eventually(async () => {
      const gauges: Gauge[] = await ok('GET', `/api/simpleDevices/dashboard/${s.bridge.vesselId}`, s.crew);
      return gauges.find((g) => g.fieldId === voltage.id && g.value === 12.7);
    }, 'the value on the dashboard');
    expect(gauge).toMatchObject({ deviceName: 'House bank', name: 'Voltage', units: 'V', path: VOLTAGE, propertyId });

    await ok('POST', '/api/simpleDevices/setIncludeInGauges', s.owner, { fieldId: voltage.id, include: false });
    const gauges: Gauge[] = await ok('GET', `/api/simpleDevices/dashboard/${s.bridge.vesselId}`, s.owner);
    expect(gauges.map((g) => g.fieldId)).not.toContain(voltage.id);

    const unmapped = await ok('POST', '/api/simpleDevices/unmapSimpleDeviceField', s.owner, { fieldId: voltage.id });
    expect(unmapped.propertyId).toBeNull();
  });

  it('orders fields, switches the location and sets the position', async () => {
    const battery = await createBattery('Bow thruster bank');
    const reversed = battery.fields.map((f) => f.id).reverse();
    const ordered = await ok('POST', '/api/simpleDevices/setFieldOrder', s.owner, { deviceId: battery.id, fieldIds: reversed });
    expect(ordered.fields.map((f: { id: number }) => f.id)).toEqual(reversed);
    expect((await call('POST', '/api/simpleDevices/setFieldOrder', s.owner, { deviceId: battery.id, fieldIds: reversed.slice(1) })).status).toBe(400);

    await ok('POST', `/api/simpleDevices/${battery.id}/position`, s.owner, { lat: 50.8, lon: -1.3 });
    expect(await ok('GET', `/api/simpleDevices/locations?vesselId=${s.bridge.vesselId}`, s.owner)).not.toContainEqual(
      expect.objectContaining({ id: battery.id }),
    );
    expect((await ok('POST', `/api/simpleDevices/${battery.id}/location/on`, s.owner)).locationEnabled).toBe(true);
    expect(await ok('GET', `/api/simpleDevices/locations?vesselId=${s.bridge.vesselId}`, s.owner)).toContainEqual({
      id: battery.id,
      name: 'Bow thruster bank',
      lat: 50.8,
      lon: -1.3,
    });
    expect((await call('POST', `/api/simpleDevices/${battery.id}/position`, s.owner, { lat: 91, lon: 0 })).status).toBe(400);

    await ok('DELETE', `/api/simpleDevices/${battery.id}`, s.owner);
    expect((await call('PUT', `/api/simpleDevices/${battery.id}`, s.owner, { name: 'Gone' })).status).toBe(404);
  });

  it('lets crew with deviceManager VIEW read but not change', async () => {
    const battery = await createBattery();
    const field = battery.fields[0];
    expect((await call('POST', '/api/simpleDevices', s.crew, { vesselId: s.bridge.vesselId, type: 'tank', name: 'Fuel' })).status).toBe(403);
    expect((await call('PUT', `/api/simpleDevices/${battery.id}`, s.crew, { name: 'Mine' })).status).toBe(403);
    expect((await call('POST', '/api/simpleDevices/setIncludeInGauges', s.crew, { fieldId: field.id, include: false })).status).toBe(403);
    expect((await call('DELETE', `/api/simpleDevices/${battery.id}`, s.crew)).status).toBe(403);
  });

  it("answers another tenant's vessel, device, field and property like missing ones", async () => {
    const battery = await createBattery();
    const field = battery.fields[0];
    const missing = async (method: string, url: string, payload?: object) => {
      const res = await call(method, url, s.owner2, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
    };
    await missing('GET', `/api/simpleDevices?vesselId=${s.bridge.vesselId}`);
    await missing('GET', `/api/simpleDevices/dashboard/${s.bridge.vesselId}`);
    await missing('GET', `/api/simpleDevices/locations?vesselId=${s.bridge.vesselId}`);
    await missing('POST', '/api/simpleDevices', { vesselId: s.bridge.vesselId, type: 'tank', name: 'Fuel' });
    await missing('PUT', `/api/simpleDevices/${battery.id}`, { name: 'Mine' });
    await missing('DELETE', `/api/simpleDevices/${battery.id}`);
    await missing('POST', `/api/simpleDevices/${battery.id}/location/on`);
    await missing('POST', '/api/simpleDevices/setFieldOrder', { deviceId: battery.id, fieldIds: [field.id] });
    await missing('POST', '/api/simpleDevices/mapSimpleDeviceField', { fieldId: field.id, propertyId: 1 });
    await missing('POST', '/api/simpleDevices/unmapSimpleDeviceField', { fieldId: field.id });

    // A property of Northern Star's bridge cannot be shown on Sea Breeze.
    const other = await pairedBridge(s.t, s.admin, 'Northern Star', 'BR-SIMPLE-2');
    const otherClient = await connectBridge(s.t, other);
    await publishInventory(otherClient, other.serial);
    await otherClient.endAsync();
    const foreignId = await propertyIdOf({ ...s, bridge: other }, VOLTAGE);
    const res = await call('POST', '/api/simpleDevices/mapSimpleDeviceField', s.owner, { fieldId: field.id, propertyId: foreignId });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Property not found');
  });
});
