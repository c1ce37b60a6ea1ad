/**
 * The alerts module's settings tables (docs/decisions.md, "Alarms"): shelved alarm points, the
 * vessel's mode, no-data time and offline-notice delay, and the alarm sources each mode suppresses.
 */
import type { Db } from '../../db/knex.js';
import { insertId } from '../../db/knex.js';
import type { AlertOrigin } from './repository.js';

// Shelving.

export interface ShelfRow {
  id: number;
  bridgeId: number;
  origin: AlertOrigin;
  path: string;
  reason: string;
  until: string;
  shelvedBy: number | null;
  createdAt: string;
}

interface ShelfRecord {
  id: number;
  bridge_id: number;
  origin: AlertOrigin;
  path: string;
  reason: string;
  until: string;
  shelved_by: number | null;
  created_at: string;
}

const toShelf = (r: ShelfRecord): ShelfRow => ({
  id: r.id,
  bridgeId: r.bridge_id,
  origin: r.origin,
  path: r.path,
  reason: r.reason,
  until: r.until,
  shelvedBy: r.shelved_by ?? null,
  createdAt: r.created_at,
});

/** The shelves of a bridge in force (not ended). */
export async function shelvesOfBridge(db: Db, bridgeId: number): Promise<ShelfRow[]> {
  return (await db<ShelfRecord>('alarm_shelves').where({ bridge_id: bridgeId }).whereNull('ended_at').orderBy('until')).map(toShelf);
}

export async function shelfOf(db: Db, bridgeId: number, origin: AlertOrigin, path: string): Promise<ShelfRow | null> {
  const row = await db<ShelfRecord>('alarm_shelves').where({ bridge_id: bridgeId, origin, path }).whereNull('ended_at').first();
  return row ? toShelf(row) : null;
}

export async function insertShelf(db: Db, shelf: Omit<ShelfRow, 'id'>): Promise<number> {
  return insertId(db, 'alarm_shelves', {
    bridge_id: shelf.bridgeId,
    origin: shelf.origin,
    path: shelf.path,
    reason: shelf.reason,
    until: shelf.until,
    shelved_by: shelf.shelvedBy,
    created_at: shelf.createdAt,
  });
}

/** Ends a shelf; answers whether it was still in force (so only one sweep ends it). */
export async function endShelf(db: Db, id: number, at: string): Promise<boolean> {
  return (await db('alarm_shelves').where({ id }).whereNull('ended_at').update({ ended_at: at })) === 1;
}

export async function lapsedShelves(db: Db, nowIsoText: string): Promise<ShelfRow[]> {
  return (await db<ShelfRecord>('alarm_shelves').whereNull('ended_at').where('until', '<=', nowIsoText)).map(toShelf);
}

/** Every shelf of a bridge, in force or ended: they end with the pairing they were made under. */
export async function deleteShelvesOfBridge(db: Db, bridgeId: number): Promise<void> {
  await db('alarm_shelves').where({ bridge_id: bridgeId }).delete();
}

// The vessel's mode, no-data time and suppressions.

export const VESSEL_MODES = ['at-sea', 'at-anchor', 'in-marina', 'hauled-out', 'in-survey'] as const;
export type VesselMode = (typeof VESSEL_MODES)[number];
export const NO_DATA_DEFAULT_MINUTES = 15;
export const OFFLINE_DEFAULT_MINUTES = 15;

export interface VesselAlarmSettings {
  mode: VesselMode;
  noDataMinutes: number;
  /** How long the bridge must stay away before the vessel is announced offline (docs/decisions.md, "One notice per outage"). */
  offlineMinutes: number;
}

export async function vesselSettings(db: Db, vesselId: number): Promise<VesselAlarmSettings> {
  const row = await db('vessel_alarm_settings').where({ vessel_id: vesselId }).first();
  return {
    mode: row?.mode ?? 'at-sea',
    noDataMinutes: row?.no_data_minutes ?? NO_DATA_DEFAULT_MINUTES,
    offlineMinutes: row?.offline_minutes ?? OFFLINE_DEFAULT_MINUTES,
  };
}

/** vessel id → its offline-notice delay in minutes, for the vessels that have settings. */
export async function offlineMinutesOf(db: Db, vesselIds: number[]): Promise<Map<number, number>> {
  if (!vesselIds.length) return new Map();
  const rows: Array<{ vessel_id: number; offline_minutes: number }> = await db('vessel_alarm_settings')
    .whereIn('vessel_id', vesselIds)
    .select('vessel_id', 'offline_minutes');
  return new Map(rows.map((r) => [r.vessel_id, r.offline_minutes]));
}

/** vessel id → its no-data time in minutes, for the vessels that set one. */
export async function noDataMinutesOf(db: Db, vesselIds: number[]): Promise<Map<number, number>> {
  if (!vesselIds.length) return new Map();
  const rows: Array<{ vessel_id: number; no_data_minutes: number }> = await db('vessel_alarm_settings')
    .whereIn('vessel_id', vesselIds)
    .select('vessel_id', 'no_data_minutes');
  return new Map(rows.map((r) => [r.vessel_id, r.no_data_minutes]));
}

export async function saveVesselSettings(db: Db, vesselId: number, settings: VesselAlarmSettings, at: string): Promise<void> {
  await db('vessel_alarm_settings')
    .insert({ vessel_id: vesselId, mode: settings.mode, no_data_minutes: settings.noDataMinutes, offline_minutes: settings.offlineMinutes, updated_at: at })
    .onConflict('vessel_id')
    .merge();
}

/** mode → the alarm sources it suppresses. */
export async function suppressionsOf(db: Db, vesselId: number): Promise<Map<VesselMode, string[]>> {
  const rows: Array<{ mode: VesselMode; source: string }> = await db('alarm_mode_suppressions')
    .where({ vessel_id: vesselId })
    .orderBy('mode')
    .orderBy('source')
    .select('mode', 'source');
  const out = new Map<VesselMode, string[]>();
  for (const r of rows) out.set(r.mode, [...(out.get(r.mode) ?? []), r.source]);
  return out;
}

export async function replaceSuppressions(db: Db, vesselId: number, byMode: Partial<Record<VesselMode, string[]>>): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('alarm_mode_suppressions').where({ vessel_id: vesselId }).delete();
    const rows = Object.entries(byMode).flatMap(([mode, sources]) => [...new Set(sources)].map((source) => ({ vessel_id: vesselId, mode, source })));
    if (rows.length) await trx('alarm_mode_suppressions').insert(rows);
  });
}
