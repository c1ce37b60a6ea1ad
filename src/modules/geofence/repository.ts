/**
 * The geofence's table (`vessel_geofences`, one row per vessel), owned by the alerts module
 * since the geofence exists to raise an alarm.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { nowIso } from '../../db/knex.js';

type Db = Database | Knex.Transaction;

export interface GeofenceRow {
  vesselId: number;
  enabled: boolean;
  /** Metres. */
  radius: number;
  lat: number;
  lon: number;
  /** Seconds outside before the alarm. */
  delay: number;
  updatedAt: string;
}

interface StoredRow {
  vessel_id: number;
  enabled: boolean | number;
  radius: number | string;
  lat: number | string;
  lon: number | string;
  delay: number | string;
  updated_at: string;
}

const toRow = (r: StoredRow): GeofenceRow => ({
  vesselId: r.vessel_id,
  enabled: Boolean(r.enabled),
  radius: Number(r.radius),
  lat: Number(r.lat),
  lon: Number(r.lon),
  delay: Number(r.delay),
  updatedAt: r.updated_at,
});

export async function findGeofence(db: Db, vesselId: number): Promise<GeofenceRow | null> {
  const row: StoredRow | undefined = await db('vessel_geofences').where({ vessel_id: vesselId }).first();
  return row ? toRow(row) : null;
}

/** Sets the vessel's fence and switches it on. */
export async function saveGeofence(db: Db, vesselId: number, fence: { radius: number; lat: number; lon: number; delay: number }): Promise<GeofenceRow> {
  const row = { vessel_id: vesselId, enabled: true, ...fence, updated_at: nowIso() };
  await db('vessel_geofences').insert(row).onConflict('vessel_id').merge();
  return toRow(row);
}

/** Switches the fence on or off; null when the vessel has none. */
export async function setGeofenceEnabled(db: Db, vesselId: number, enabled: boolean): Promise<GeofenceRow | null> {
  const updated = await db('vessel_geofences').where({ vessel_id: vesselId }).update({ enabled, updated_at: nowIso() });
  return updated ? findGeofence(db, vesselId) : null;
}
