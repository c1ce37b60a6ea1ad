/** `simple_devices` and `simple_device_fields`. Only this file touches the tables. */
import type { DeviceDetails, FieldKind, SimpleDevice, SimpleDeviceField } from '../../../../contracts/simple-devices.js';
import { insertId, nowIso, type Db } from '../../../db/knex.js';

interface DeviceTableRow {
  id: number;
  vessel_id: number;
  type: string;
  name: string;
  manufacturer: string | null;
  model: string | null;
  serial: string | null;
  location: string | null;
  location_enabled: boolean | number;
  lat: number | null;
  lon: number | null;
}

interface FieldTableRow {
  id: number;
  device_id: number;
  name: string;
  kind: FieldKind;
  units: string;
  property_id: number | null;
  position: number;
  include_in_gauges: boolean | number;
}

export type { DeviceDetails };

export type NewField = Pick<SimpleDeviceField, 'name' | 'kind' | 'units' | 'includeInGauges'>;

const toField = (r: FieldTableRow): SimpleDeviceField => ({
  id: r.id,
  deviceId: r.device_id,
  name: r.name,
  kind: r.kind,
  units: r.units,
  propertyId: r.property_id,
  position: r.position,
  includeInGauges: Boolean(r.include_in_gauges),
});

const toDevice = (r: DeviceTableRow, fields: SimpleDeviceField[]): SimpleDevice => ({
  id: r.id,
  vesselId: r.vessel_id,
  type: r.type,
  name: r.name,
  manufacturer: r.manufacturer,
  model: r.model,
  serial: r.serial,
  location: r.location,
  locationEnabled: Boolean(r.location_enabled),
  position: r.lat === null || r.lon === null ? null : { lat: r.lat, lon: r.lon },
  fields,
});

/** The vessel's devices by name, each with its fields in their order; `type` narrows them. */
export async function devicesOf(db: Db, vesselId: number, type?: string): Promise<SimpleDevice[]> {
  const rows = await db<DeviceTableRow>('simple_devices')
    .where({ vessel_id: vesselId, ...(type ? { type } : {}) })
    .orderBy('name')
    .orderBy('id');
  const fields = await fieldsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toDevice(
      r,
      fields.filter((f) => f.deviceId === r.id),
    ),
  );
}

async function fieldsOf(db: Db, deviceIds: number[]): Promise<SimpleDeviceField[]> {
  if (!deviceIds.length) return [];
  return (await db<FieldTableRow>('simple_device_fields').whereIn('device_id', deviceIds).orderBy('position').orderBy('id')).map(toField);
}

export async function findDevice(db: Db, id: number): Promise<SimpleDevice | null> {
  const row = await db<DeviceTableRow>('simple_devices').where({ id }).first();
  return row ? toDevice(row, await fieldsOf(db, [id])) : null;
}

export async function findField(db: Db, id: number): Promise<SimpleDeviceField | null> {
  const row = await db<FieldTableRow>('simple_device_fields').where({ id }).first();
  return row ? toField(row) : null;
}

export async function insertDevice(db: Db, vesselId: number, type: string, details: DeviceDetails, fields: NewField[]): Promise<number> {
  const id = await insertId(db, 'simple_devices', { vessel_id: vesselId, type, ...details, created_at: nowIso() });
  if (fields.length) {
    await db('simple_device_fields').insert(
      fields.map((f, position) => ({ device_id: id, name: f.name, kind: f.kind, units: f.units, position, include_in_gauges: f.includeInGauges })),
    );
  }
  return id;
}

export const updateDevice = (db: Db, id: number, details: DeviceDetails) => db('simple_devices').where({ id }).update(details);

export const deleteDevice = (db: Db, id: number) => db('simple_devices').where({ id }).delete();

export const setLocationEnabled = (db: Db, id: number, enabled: boolean) => db('simple_devices').where({ id }).update({ location_enabled: enabled });

export const setPosition = (db: Db, id: number, lat: number, lon: number) => db('simple_devices').where({ id }).update({ lat, lon });

export const mapField = (db: Db, id: number, propertyId: number | null) => db('simple_device_fields').where({ id }).update({ property_id: propertyId });

export const includeInGauges = (db: Db, id: number, include: boolean) => db('simple_device_fields').where({ id }).update({ include_in_gauges: include });

export async function orderFields(db: Db, fieldIds: number[]): Promise<void> {
  for (const [position, id] of fieldIds.entries()) await db('simple_device_fields').where({ id }).update({ position });
}
