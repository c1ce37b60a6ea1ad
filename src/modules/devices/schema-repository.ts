/** Devices and properties described from the Signal K schema (schema-inventory.ts), for paths a bridge sent without an inventory entry. */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';
import { DESCRIPTION_MAX, isUsefulDescription, KEY_PREFIX, type SchemaDevice, schemaDeviceOf, schemaPropertyOf } from './schema-inventory.js';

/**
 * Adds devices and properties for paths that have none, grouping them as `schemaDeviceOf` does.
 * Returns whether anything was added.
 */
export async function addSchemaProperties(db: Database, bridgeId: number, paths: string[]): Promise<boolean> {
  const byDevice = new Map<string, { device: SchemaDevice; paths: string[] }>();
  for (const path of paths) {
    const device = schemaDeviceOf(path);
    if (!device) continue;
    const entry = byDevice.get(device.key) ?? { device, paths: [] };
    byDevice.set(device.key, entry);
    entry.paths.push(path);
  }
  if (byDevice.size === 0) return false;
  await db.transaction(async (trx: Knex.Transaction) => {
    // The stored inventory no longer is the one last published: the next is compared in full.
    await trx('device_inventories').where({ bridge_id: bridgeId }).delete();
    const now = nowIso();
    for (const { device, paths: devicePaths } of byDevice.values()) {
      const existing = await trx('devices').where({ bridge_id: bridgeId, device_key: device.key }).first('id');
      const position = 1000 + (await trx('devices').where({ bridge_id: bridgeId }).count<{ n: number }[]>({ n: '*' }))[0].n;
      const deviceId: number =
        existing?.id ??
        (await insertId(trx, 'devices', {
          bridge_id: bridgeId,
          device_key: device.key,
          name: device.name,
          category: device.category,
          position,
          updated_at: now,
        }));
      const known = new Set<string>(await trx('device_properties').where({ bridge_id: bridgeId }).whereIn('path', devicePaths).pluck('path'));
      const count = Number((await trx('device_properties').where({ device_id: deviceId }).count<{ n: number }[]>({ n: '*' }))[0].n);
      let next = count;
      for (const path of devicePaths.filter((p) => !known.has(p)).sort()) {
        const { displayName, units, description, writable } = schemaPropertyOf(path);
        await trx('device_properties').insert({
          device_id: deviceId,
          bridge_id: bridgeId,
          path,
          display_name: displayName.slice(0, 200),
          units: units.slice(0, 32),
          description: description?.slice(0, DESCRIPTION_MAX) ?? null,
          writable,
          position: next,
        });
        next += 1;
      }
    }
  });
  return true;
}

/** A bridge's description of a path (Signal K `meta`). */
export type PathMeta = { path: string; value: { units?: string; description?: string } };

/** The longest units kept (device_properties.units): longer ones are no units the server knows to show. */
const UNITS_MAX = 32;

/**
 * The bridge's own description of paths (Signal K `meta`, as a Signal K server keeps it) fills in
 * what the schema left empty on properties described from it: the units and the description of a
 * path outside the schema. What the schema gives stays, and so does a bridge's inventory (its
 * properties are not described from the schema). Returns whether anything changed.
 */
export async function describeFromMeta(db: Database, bridgeId: number, meta: PathMeta[]): Promise<boolean> {
  const byPath = new Map(meta.map(({ path, value }) => [path, value]));
  const rows: Array<{ id: number; path: string; units: string; description: string | null }> = await db('device_properties')
    .where({ bridge_id: bridgeId })
    .whereIn('path', [...byPath.keys()])
    .whereIn('device_id', db('devices').where({ bridge_id: bridgeId }).where('device_key', 'like', `${KEY_PREFIX}%`).select('id'))
    .where((missing) => missing.where({ units: '' }).orWhereNull('description'))
    .select('id', 'path', 'units', 'description');
  let changed = false;
  for (const row of rows) {
    const own = byPath.get(row.path);
    const units = row.units || (own?.units && own.units.length <= UNITS_MAX ? own.units : '');
    const text = own?.description?.trim();
    const description = row.description ?? (isUsefulDescription(text) ? text.slice(0, DESCRIPTION_MAX) : null);
    if (units === row.units && description === row.description) continue;
    await db('device_properties').where({ id: row.id }).update({ units, description });
    changed = true;
  }
  return changed;
}
