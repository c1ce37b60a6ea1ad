/**
 * The devices module's tables, apart from the hot-path writes in value-store.ts: the device
 * inventory, reads of current values, history and locations, and message sources.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { deleteSome, dialect, nowIso } from '../../db/knex.js';
import type { BusProperty } from '../../../contracts/devices.js';
import type { DeviceCategory, DeviceInventory } from '../../mqtt/protocol.js';
import { HOUR_MS } from './buckets.js';
import { levelsByProperty, type WarningLevels } from './levels/repository.js';
import { sharedPath } from './path-names.js';
import { pruneSeriesHours, samplesOf, seriesWithOldest, storedChunks } from './history-repository.js';
import { MAX_CHUNK_SPAN_MS } from './value-store/index.js';

type Db = Database | Knex.Transaction;

/** API.md Property. */
export interface Property {
  id: number;
  path: string;
  displayName: string;
  /** What the value is, from the Signal K schema for paths described without an inventory; null otherwise. */
  description: string | null;
  units: string;
  writable: boolean;
  min: number | null;
  max: number | null;
  value: unknown;
  timestamp: string | null;
  warningLevels: WarningLevels | null;
  /** The value is older than the property's usual interval allows (stale.ts); false before the first value. */
  stale: boolean;
}

/** API.md Device. */
export interface Device {
  id: number;
  name: string;
  category: DeviceCategory;
  manufacturer: string | null;
  model: string | null;
  serial: string | null;
  location: string | null;
  properties: Property[];
}

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

export interface LocationRow {
  lat: number;
  lon: number;
  timestamp: string;
  speedOverGround?: number;
  courseOverGroundTrue?: number;
}

export interface SourceRow {
  uid: string;
  enabled: boolean;
  locationEnabled: boolean;
  reportsPosition: boolean;
  firstSeen: string;
  lastSeen: string;
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

/** A `locations` table row as read (numbers may come back as strings from some drivers). */
interface LocationTableRow {
  lat: number | string;
  lon: number | string;
  ts_ms: number | string;
  speed_over_ground: number | string | null;
  course_over_ground_true: number | string | null;
}

/** A `message_sources` table row as read. */
interface SourceTableRow {
  uid: string;
  enabled: boolean | number;
  location_enabled: boolean | number;
  reports_position: boolean | number;
  first_seen_ms: number | string;
  last_seen_ms: number | string;
}

const iso = (ms: unknown): string => new Date(Number(ms)).toISOString();
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

/** A bridge's devices with their properties and current values, in the order it reported them. */
export async function devicesOfBridge(db: Db, bridgeId: number): Promise<Device[]> {
  const devices = await db('devices').where({ bridge_id: bridgeId }).orderBy('position').orderBy('id');
  const properties = await db('device_properties as p')
    .leftJoin('value_series as c', (j) => j.on('c.bridge_id', 'p.bridge_id').andOn('c.path', 'p.path'))
    .where('p.bridge_id', bridgeId)
    .orderBy('p.position')
    .orderBy('p.id')
    .select('p.*', 'c.value', 'c.ts_ms');
  const levels = await levelsByProperty(db, bridgeId);
  const byDevice = new Map<number, Property[]>();
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
      value: p.value === null || p.value === undefined ? null : JSON.parse(p.value),
      timestamp: p.ts_ms === null || p.ts_ms === undefined ? null : iso(p.ts_ms),
      warningLevels: levels.get(p.id) ?? null,
      stale: false,
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

/** A device's bridge and the paths of its properties, or null when there is no such device. */
export async function deviceWithPaths(db: Db, id: number): Promise<{ id: number; bridgeId: number; paths: string[] } | null> {
  const device = await db('devices').where({ id }).first();
  if (!device) return null;
  const paths: string[] = await db('device_properties').where({ device_id: id }).pluck('path');
  return { id, bridgeId: device.bridge_id, paths };
}

export async function findProperty(db: Db, id: number): Promise<PropertyRow | null> {
  const p = await db('device_properties').where({ id }).first();
  return p
    ? {
        id: p.id,
        deviceId: p.device_id,
        bridgeId: p.bridge_id,
        path: p.path,
        displayName: p.display_name,
        units: p.units,
        writable: Boolean(p.writable),
        min: numberOrNull(p.min_value),
        max: numberOrNull(p.max_value),
      }
    : null;
}

/** Properties of one bridge by id, with units and current value; ids of other bridges are left out. */
export async function propertiesWithValues(
  db: Db,
  bridgeId: number,
  ids: number[],
): Promise<Array<PropertyRow & { units: string; value: unknown; tsMs: number | null }>> {
  if (!ids.length) return [];
  const rows = await db('device_properties as p')
    .leftJoin('value_series as s', function () {
      this.on('s.bridge_id', 'p.bridge_id').andOn('s.path', 'p.path');
    })
    .where('p.bridge_id', bridgeId)
    .whereIn('p.id', ids)
    .select('p.id', 'p.device_id', 'p.path', 'p.display_name', 'p.units', 'p.writable', 'p.min_value', 'p.max_value', 's.value', 's.ts_ms');
  return rows.map((p) => ({
    id: p.id,
    deviceId: p.device_id,
    bridgeId,
    path: p.path,
    displayName: p.display_name,
    units: p.units ?? '',
    writable: Boolean(p.writable),
    min: numberOrNull(p.min_value),
    max: numberOrNull(p.max_value),
    value: p.value === null || p.value === undefined ? null : JSON.parse(p.value),
    tsMs: p.ts_ms === null || p.ts_ms === undefined ? null : Number(p.ts_ms),
  }));
}

/** path → its property (the first device's, should two devices list one path). */
/** A path's current value and its measurement time (value_series), or null before its first value. */
export async function currentValue(db: Db, bridgeId: number, path: string): Promise<{ value: unknown; tsMs: number } | null> {
  const row = await db('value_series').where({ bridge_id: bridgeId, path }).first('value', 'ts_ms');
  return row && row.value !== null && row.value !== undefined ? { value: JSON.parse(row.value), tsMs: Number(row.ts_ms) } : null;
}

/** Current values of the paths matching a LIKE pattern (`propulsion.%.runTime`), with their measurement times. */
export async function currentValuesLike(db: Db, bridgeId: number, pattern: string): Promise<Array<{ path: string; value: unknown; tsMs: number }>> {
  const rows: Array<{ path: string; value: string | null; ts_ms: number | string }> = await db('value_series')
    .where({ bridge_id: bridgeId })
    .andWhere('path', 'like', pattern)
    .orderBy('path')
    .select('path', 'value', 'ts_ms');
  return rows.flatMap((r) => (r.value === null ? [] : [{ path: r.path, value: JSON.parse(r.value) as unknown, tsMs: Number(r.ts_ms) }]));
}

/**
 * The bridge's properties whose current value came through `bus` (its source's uid is the bus or
 * starts with `bus.`), device by device in the order reported. `bus` holds no LIKE wildcard (the
 * route's schema allows letters, digits, `_` and `-` only; `_` is escaped).
 */
export async function propertiesOnBus(db: Db, bridgeId: number, bus: string): Promise<BusProperty[]> {
  const prefix = `${bus.replace(/_/g, '\\_')}.%`;
  const rows = await db('device_properties as p')
    .join('devices as d', 'd.id', 'p.device_id')
    .join('value_series as c', (j) => j.on('c.bridge_id', 'p.bridge_id').andOn('c.path', 'p.path'))
    .where('p.bridge_id', bridgeId)
    .andWhere((q) => q.where('c.source', bus).orWhereRaw("c.source LIKE ? ESCAPE '\\'", [prefix]))
    .orderBy('d.position')
    .orderBy('d.id')
    .orderBy('p.position')
    .orderBy('p.id')
    .select('p.id', 'p.device_id', 'd.name as device_name', 'p.path', 'p.display_name', 'p.units', 'c.value', 'c.ts_ms', 'c.source');
  return rows.map((r: BusPropertyTableRow) => ({
    id: r.id,
    deviceId: r.device_id,
    deviceName: r.device_name,
    path: r.path,
    displayName: r.display_name,
    units: r.units,
    value: r.value === null ? null : JSON.parse(r.value),
    timestamp: r.ts_ms === null ? null : iso(r.ts_ms),
    source: r.source,
  }));
}

interface BusPropertyTableRow {
  id: number;
  device_id: number;
  device_name: string;
  path: string;
  display_name: string;
  units: string;
  value: string | null;
  ts_ms: number | string | null;
  source: string;
}

export async function propertiesByPath(db: Db, bridgeId: number): Promise<Map<string, { deviceId: number; propertyId: number }>> {
  const rows = await db('device_properties').where({ bridge_id: bridgeId }).orderBy('id', 'desc').select('id', 'device_id', 'path');
  return new Map(rows.map((r: { id: number; device_id: number; path: string }) => [sharedPath(r.path), { deviceId: r.device_id, propertyId: r.id }]));
}

/**
 * At most `limit` rows of a time range, oldest first, evenly thinned when there are more, so
 * a month of one-second data still draws as a chart or a track.
 */
async function thinned<T>(db: Db, query: Knex.QueryBuilder, limit: number): Promise<T[]> {
  const counted = await query.clone().clearSelect().count<{ n: number | string }[]>({ n: '*' }).first();
  const step = Math.max(1, Math.ceil(Number(counted?.n ?? 0) / limit));
  if (step === 1) return query.orderBy('ts_ms');
  const numbered = query.clone().select(db.raw('ROW_NUMBER() OVER (ORDER BY ts_ms) AS rn'));
  return db.from(numbered.as('numbered')).whereRaw('(rn - 1) % ? = 0', [step]).orderBy('ts_ms').limit(limit);
}

/**
 * A series' samples between two times, oldest first, at most `limit`: when there are more,
 * every n-th is kept so the whole range still draws as a chart.
 */
export async function historyOf(
  db: Db,
  bridgeId: number,
  path: string,
  fromMs: number,
  toMs: number,
  limit: number,
): Promise<Array<{ timestamp: string; value: unknown }>> {
  const series = await db('value_series').where({ bridge_id: bridgeId, path }).first('id');
  if (!series) return [];
  // A chunk starts at most MAX_CHUNK_SPAN_MS before the first sample it holds.
  const chunks = await storedChunks(db, series.id, fromMs - MAX_CHUNK_SPAN_MS, toMs + 1, fromMs);
  const step = Math.max(1, Math.ceil(chunks.reduce((n, c) => n + c.count, 0) / limit));
  const kept: Array<[number, unknown]> = [];
  let seen = 0;
  for (const chunk of chunks) {
    for (const sample of samplesOf(chunk)) {
      if (sample[0] < fromMs || sample[0] > toMs || seen++ % step !== 0) continue;
      kept.push(sample);
    }
  }
  // Chunks written from buffers (store-and-forward) may overlap in time.
  kept.sort((a, b) => a[0] - b[0]);
  return kept.slice(0, limit).map(([ts, value]) => ({ timestamp: iso(ts), value }));
}

const toLocation = (r: LocationTableRow): LocationRow => ({
  lat: Number(r.lat),
  lon: Number(r.lon),
  timestamp: iso(r.ts_ms),
  ...(r.speed_over_ground === null ? {} : { speedOverGround: Number(r.speed_over_ground) }),
  ...(r.course_over_ground_true === null ? {} : { courseOverGroundTrue: Number(r.course_over_ground_true) }),
});

export async function latestLocation(db: Db, bridgeId: number): Promise<LocationRow | null> {
  const row = await db('locations').where({ bridge_id: bridgeId }).orderBy('ts_ms', 'desc').first();
  return row ? toLocation(row) : null;
}

export async function locationsBetween(db: Db, bridgeId: number, fromMs: number, toMs: number, limit: number): Promise<LocationRow[]> {
  const query = db('locations').where({ bridge_id: bridgeId }).whereBetween('ts_ms', [fromMs, toMs]).select('*');
  return (await thinned<LocationTableRow>(db, query, limit)).map(toLocation);
}

const toSource = (r: SourceTableRow): SourceRow => ({
  uid: r.uid,
  enabled: Boolean(r.enabled),
  locationEnabled: Boolean(r.location_enabled),
  reportsPosition: Boolean(r.reports_position),
  firstSeen: iso(r.first_seen_ms),
  lastSeen: iso(r.last_seen_ms),
});

export async function sourcesOf(db: Db, bridgeId: number): Promise<SourceRow[]> {
  return (await db('message_sources').where({ bridge_id: bridgeId }).orderBy('uid')).map(toSource);
}

/** Sets the flag for the listed sources of a bridge; sources it never reported are ignored. */
export async function setSourceFlags(
  db: Database,
  bridgeId: number,
  flag: 'enabled' | 'location_enabled',
  changes: Array<{ uid: string; on: boolean }>,
): Promise<void> {
  await db.transaction(async (trx) => {
    for (const { uid, on } of changes)
      await trx('message_sources')
        .where({ bridge_id: bridgeId, uid })
        .update({ [flag]: on });
  });
}

/** How much time an export reads at once: a page of a few thousand rows at one-second data. */
const EXPORT_WINDOW_MS = 3600_000;

/**
 * A series' samples between two times, read one window of history chunks at a time so that an
 * export of months never holds more than an hour of data; each window's samples in time order.
 */
export async function* historySamples(db: Db, bridgeId: number, path: string, fromMs: number, toMs: number): AsyncGenerator<[number, unknown]> {
  const series = await db('value_series').where({ bridge_id: bridgeId, path }).first('id');
  if (!series) return;
  for (let start = fromMs - MAX_CHUNK_SPAN_MS; start <= toMs; start += EXPORT_WINDOW_MS) {
    const chunks = await storedChunks(db, series.id, start, Math.min(start + EXPORT_WINDOW_MS, toMs + 1), fromMs);
    const samples = chunks.flatMap(samplesOf).filter(([ts]) => ts >= fromMs && ts <= toMs);
    yield* samples.sort((a, b) => a[0] - b[0]);
  }
}

/** Every position between two times, oldest first, read one window at a time (see historySamples). */
export async function* positions(db: Db, bridgeId: number, fromMs: number, toMs: number): AsyncGenerator<LocationRow> {
  for (let start = fromMs; start <= toMs; start += EXPORT_WINDOW_MS) {
    const rows: LocationTableRow[] = await db('locations')
      .where({ bridge_id: bridgeId })
      .where('ts_ms', '>=', start)
      .where('ts_ms', '<', Math.min(start + EXPORT_WINDOW_MS, toMs + 1))
      .orderBy('ts_ms')
      .select('*');
    yield* rows.map(toLocation);
  }
}

/**
 * Removes up to `limit` raw history rows wholly older than `cutoffMs` from one series (its index
 * leads with the series), of those the rollup job has reached (`upToSeq`, in insertion order),
 * then its compacted hours that end by then.
 */
export async function pruneSeriesHistory(db: Db, seriesId: number, cutoffMs: number, limit: number, upToSeq: number): Promise<number> {
  const seq = dialect(db as Database) === 'postgres' ? 'id' : 'rowid';
  const raw = await deleteSome(
    db,
    'value_history',
    (q) => q.where('series_id', seriesId).where('from_ms', '<', cutoffMs).where('to_ms', '<', cutoffMs).where(seq, '<=', upToSeq),
    limit,
  );
  return raw < limit ? raw + (await pruneSeriesHours(db, seriesId, cutoffMs, limit - raw)) : raw;
}

/** Removes up to `limit` positions older than `cutoffMs` of one bridge. */
export async function pruneBridgeLocations(db: Db, bridgeId: number, cutoffMs: number, limit: number): Promise<number> {
  return deleteSome(db, 'locations', (q) => q.where('bridge_id', bridgeId).where('ts_ms', '<', cutoffMs), limit);
}

/**
 * The series with a raw row starting before `cutoffMs` or a compacted hour ending by it (what
 * pruneSeriesHistory takes), so that a retention pass deletes only where there is something to delete.
 */
export async function seriesWithHistoryBefore(db: Db, cutoffMs: number): Promise<number[]> {
  return seriesWithOldest(db, [
    { table: 'value_history', column: 'from_ms', before: cutoffMs },
    { table: 'value_history_hours', column: 'hour_ms', before: cutoffMs - HOUR_MS + 1 },
  ]);
}

/** The bridges with a position older than `cutoffMs`, each found along the (bridge_id, ts_ms) index. */
export async function bridgesWithLocationsBefore(db: Db, cutoffMs: number): Promise<number[]> {
  // Every bridge that stored a position has sighted its source (same batch): this module's own list of them.
  const bridges = db('message_sources').distinct('bridge_id').as('b');
  return (await db.from(bridges).whereRaw('(select min(l.ts_ms) from locations l where l.bridge_id = b.bridge_id) < ?', [cutoffMs]).select('b.bridge_id')).map(
    (r: { bridge_id: number }) => r.bridge_id,
  );
}
