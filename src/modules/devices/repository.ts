/**
 * The devices module's tables: the device inventory each bridge reports (devices, their
 * properties, the digest of the inventory they were last made to match).
 */
import type { Knex } from 'knex';
import type { Device, Property } from '../../../contracts/devices.js';
import type { Database } from '../../db/knex.js';
import { nowIso } from '../../db/knex.js';
import type { DeviceCategory, DeviceInventory } from '../../mqtt/protocol.js';
import { sharedPath } from '../telemetry/api.js';

type Db = Database | Knex.Transaction;

/** docs/api.md Property and Device (contracts/devices.ts). */
export type { Device, Property };

export interface PropertyRow {
  id: number;
  deviceId: number;
  bridgeId: number;
  path: string;
  displayName: string;
  /** The SI unit the bridge reports in, empty when unitless. */
  units: string;
  writable: boolean;
  min: number | null;
  max: number | null;
}

/** A `devices` table row as read. */
interface DeviceTableRow {
  id: number;
  name: string;
  category: DeviceCategory;
  manufacturer: string | null;
  model: string | null;
  serial: string | null;
  location: string | null;
}

const numberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Makes the stored inventory of a bridge match what it reported: devices and properties are
 * updated in place (their ids stay, so links to a property survive a re-publication), new ones
 * added, and those no longer reported removed. A bridge sends its inventory on every connect,
 * almost always unchanged: the stored one is read in two queries and only differences are
 * written, so a fleet reconnecting after a restart costs two reads per bridge, not a write per
 * property; a new bridge's devices and properties go in multi-row inserts (docs/performance.md,
 * "10,000 bridges"). `digest` is kept as the inventory's (`inventoryDigest`). True when anything
 * changed.
 */
export async function replaceInventory(db: Database, bridgeId: number, inventory: DeviceInventory, digest: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    await trx('device_inventories').insert({ bridge_id: bridgeId, digest }).onConflict('bridge_id').merge();
    const devices = new Map<string, StoredDevice>(
      (
        await trx('devices')
          .where({ bridge_id: bridgeId })
          .select<StoredDevice[]>('id', 'device_key', ...DEVICE_COLUMNS)
      ).map((r) => [r.device_key, r]),
    );
    const properties = new Map<string, StoredProperty>(
      (
        await trx('device_properties')
          .where({ bridge_id: bridgeId })
          .select<StoredProperty[]>('id', 'device_id', 'path', ...PROPERTY_COLUMNS)
      ).map((r) => [`${r.device_id} ${r.path}`, r]),
    );
    const now = nowIso();
    let changed = false;
    const rows = inventory.devices.map((device, position) => ({
      name: device.name,
      category: device.category,
      manufacturer: device.manufacturer || null,
      model: device.model || null,
      serial: device.serial || null,
      location: device.location || null,
      position,
    }));
    // A new bridge's devices go in multi-row statements; their ids are read back by key.
    const newDevices = inventory.devices.flatMap((device, i) =>
      devices.has(device.id) ? [] : [{ ...rows[i], updated_at: now, bridge_id: bridgeId, device_key: device.id }],
    );
    const newKeys = new Set(newDevices.map((d) => d.device_key));
    for (let i = 0; i < newDevices.length; i += INSERT_CHUNK) await trx('devices').insert(newDevices.slice(i, i + INSERT_CHUNK));
    const newIds = new Map<string, number>();
    if (newDevices.length > 0) {
      for (const r of await trx('devices').where({ bridge_id: bridgeId }).select<Array<{ id: number; device_key: string }>>('id', 'device_key'))
        if (newKeys.has(r.device_key)) newIds.set(r.device_key, r.id);
      changed = true;
    }
    const keptDevices = new Set<number>();
    const keptProperties = new Set<number>();
    const newProperties: Array<Record<string, unknown>> = [];
    for (const [i, device] of inventory.devices.entries()) {
      const stored = devices.get(device.id);
      const deviceId = stored?.id ?? newIds.get(device.id)!;
      if (stored && differs(stored, rows[i])) {
        await trx('devices')
          .where({ id: deviceId })
          .update({ ...rows[i], updated_at: now });
        changed = true;
      }
      keptDevices.add(deviceId);
      const seen = new Set<string>();
      for (const [position, p] of device.properties.entries()) {
        if (seen.has(p.path)) continue;
        seen.add(p.path);
        const row = { display_name: p.displayName, units: p.units, writable: p.writable, min_value: p.min ?? null, max_value: p.max ?? null, position };
        const storedProperty = properties.get(`${deviceId} ${p.path}`);
        if (!storedProperty) newProperties.push({ ...row, device_id: deviceId, bridge_id: bridgeId, path: p.path });
        else {
          keptProperties.add(storedProperty.id);
          if (differs(storedProperty, row)) {
            await trx('device_properties').where({ id: storedProperty.id }).update(row);
            changed = true;
          }
        }
      }
    }
    const goneProperties = [...properties.values()].filter((p) => !keptProperties.has(p.id)).map((p) => p.id);
    const goneDevices = [...devices.values()].filter((d) => !keptDevices.has(d.id)).map((d) => d.id);
    for (let i = 0; i < goneProperties.length; i += INSERT_CHUNK)
      await trx('device_properties')
        .whereIn('id', goneProperties.slice(i, i + INSERT_CHUNK))
        .delete();
    for (let i = 0; i < goneDevices.length; i += INSERT_CHUNK)
      await trx('devices')
        .whereIn('id', goneDevices.slice(i, i + INSERT_CHUNK))
        .delete();
    for (let i = 0; i < newProperties.length; i += INSERT_CHUNK) await trx('device_properties').insert(newProperties.slice(i, i + INSERT_CHUNK));
    return changed || goneProperties.length > 0 || goneDevices.length > 0 || newProperties.length > 0;
  });
}

/**
 * The digest of the inventory the bridge's stored devices and properties were last made to match,
 * or null when they may differ from it (none yet, or devices added from the Signal K schema since).
 */
export async function inventoryDigest(db: Database, bridgeId: number): Promise<string | null> {
  const row = await db('device_inventories').where({ bridge_id: bridgeId }).first('digest');
  return row?.digest ?? null;
}

const DEVICE_COLUMNS = ['name', 'category', 'manufacturer', 'model', 'serial', 'location', 'position'] as const;
const PROPERTY_COLUMNS = ['display_name', 'units', 'writable', 'min_value', 'max_value', 'position'] as const;
/** Rows per multi-row statement: well under SQLite's limit of bound parameters. */
const INSERT_CHUNK = 50;

type StoredDevice = { id: number; device_key: string } & Record<(typeof DEVICE_COLUMNS)[number], unknown>;
type StoredProperty = { id: number; device_id: number; path: string } & Record<(typeof PROPERTY_COLUMNS)[number], unknown>;

/** Whether a stored row differs from what was reported (SQLite gives booleans back as 0 and 1). */
function differs(stored: Record<string, unknown>, reported: Record<string, unknown>): boolean {
  for (const [column, value] of Object.entries(reported)) {
    const current = stored[column];
    if (typeof value === 'boolean' ? Boolean(current) !== value : current !== value) return true;
  }
  return false;
}

/** A property as the inventory describes it: everything but its readings. */
export type InventoryProperty = Omit<Property, 'value' | 'timestamp' | 'warningLevels' | 'stale'>;

/** A bridge's devices with their properties, in the order it reported them. */
export async function devicesOfBridge(db: Db, bridgeId: number): Promise<Array<Omit<Device, 'properties'> & { properties: InventoryProperty[] }>> {
  const devices = await db('devices').where({ bridge_id: bridgeId }).orderBy('position').orderBy('id');
  const properties = await db('device_properties').where({ bridge_id: bridgeId }).orderBy('position').orderBy('id');
  const byDevice = new Map<number, InventoryProperty[]>();
  for (const p of properties) {
    const list = byDevice.get(p.device_id) ?? [];
    list.push({
      id: p.id,
      path: p.path,
      displayName: p.display_name,
      description: p.description ?? null,
      units: p.units,
      writable: Boolean(p.writable),
      min: numberOrNull(p.min_value),
      max: numberOrNull(p.max_value),
    });
    byDevice.set(p.device_id, list);
  }
  return devices.map((d: DeviceTableRow) => ({
    id: d.id,
    name: d.name,
    category: d.category,
    manufacturer: d.manufacturer,
    model: d.model,
    serial: d.serial,
    location: d.location,
    properties: byDevice.get(d.id) ?? [],
  }));
}

/** The bridge a device was reported by, or null when there is no such device. */
export async function bridgeOfDevice(db: Db, id: number): Promise<number | null> {
  return (await db('devices').where({ id }).first('bridge_id'))?.bridge_id ?? null;
}

/** A device's bridge and the paths of its properties, or null when there is no such device. */
export async function deviceWithPaths(db: Db, id: number): Promise<{ id: number; bridgeId: number; paths: string[] } | null> {
  const device = await db('devices').where({ id }).first();
  if (!device) return null;
  const paths: string[] = await db('device_properties').where({ device_id: id }).pluck('path');
  return { id, bridgeId: device.bridge_id, paths };
}

const toPropertyRow = (
  p: Record<string, unknown> & { id: number; device_id: number; bridge_id: number; path: string; display_name: string; units: string },
): PropertyRow => ({
  id: p.id,
  deviceId: p.device_id,
  bridgeId: p.bridge_id,
  path: p.path,
  displayName: p.display_name,
  units: p.units ?? '',
  writable: Boolean(p.writable),
  min: numberOrNull(p.min_value),
  max: numberOrNull(p.max_value),
});

export async function findProperty(db: Db, id: number): Promise<PropertyRow | null> {
  const p = await db('device_properties').where({ id }).first();
  return p ? toPropertyRow(p) : null;
}

/** Properties of one bridge by id; ids of other bridges are left out. */
export async function propertiesOfBridge(db: Db, bridgeId: number, ids: number[]): Promise<PropertyRow[]> {
  if (!ids.length) return [];
  return (await db('device_properties').where({ bridge_id: bridgeId }).whereIn('id', ids)).map(toPropertyRow);
}

/** The bridge's properties of these paths with their device's name, device by device in the order reported. */
export async function propertiesWithDevice(db: Db, bridgeId: number, paths: string[]): Promise<Array<PropertyRow & { deviceName: string }>> {
  if (!paths.length) return [];
  const rows = await db('device_properties as p')
    .join('devices as d', 'd.id', 'p.device_id')
    .where('p.bridge_id', bridgeId)
    .whereIn('p.path', paths)
    .orderBy('d.position')
    .orderBy('d.id')
    .orderBy('p.position')
    .orderBy('p.id')
    .select('p.*', 'd.name as device_name');
  return rows.map((r: Parameters<typeof toPropertyRow>[0] & { device_name: string }) => ({ ...toPropertyRow(r), deviceName: r.device_name }));
}

/** path → its property (the first device's, should two devices list one path). */
export async function propertiesByPath(db: Db, bridgeId: number): Promise<Map<string, { deviceId: number; propertyId: number }>> {
  const rows = await db('device_properties').where({ bridge_id: bridgeId }).orderBy('id', 'desc').select('id', 'device_id', 'path');
  return new Map(rows.map((r: { id: number; device_id: number; path: string }) => [sharedPath(r.path), { deviceId: r.device_id, propertyId: r.id }]));
}

/**
 * What a bridge reported under a pairing that ended (docs/decisions.md, "What a bridge sends
 * belongs to its pairing"): its devices and properties, and the inventory's digest (so the next
 * inventory is stored in full, not taken for the last one).
 */
export async function deletePairingInventory(db: Db, bridgeId: number): Promise<void> {
  await db('device_properties').where({ bridge_id: bridgeId }).delete();
  await db('devices').where({ bridge_id: bridgeId }).delete();
  await db('device_inventories').where({ bridge_id: bridgeId }).delete();
}
