/**
 * The alerts module's `property_warning_levels` table: at most one set of warning levels per
 * property, kept with the property's bridge so the ingest loads a bridge's levels in one query.
 */
import type { Db } from '../../../db/knex.js';
import { nowIso } from '../../../db/knex.js';

/** docs/api.md `WarningLevels`: any of the four levels may be absent (null). */
export interface WarningLevels {
  lowCritical: number | null;
  lowWarning: number | null;
  highWarning: number | null;
  highCritical: number | null;
  hysteresis: number;
  delaySeconds: number;
}

const LEVEL_COLUMNS = ['low_critical', 'low_warning', 'high_warning', 'high_critical', 'hysteresis', 'delay_seconds'] as const;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const toWarningLevels = (r: Record<string, unknown>): WarningLevels => ({
  lowCritical: num(r.low_critical),
  lowWarning: num(r.low_warning),
  highWarning: num(r.high_warning),
  highCritical: num(r.high_critical),
  hysteresis: Number(r.hysteresis),
  delaySeconds: Number(r.delay_seconds),
});

/** property id → its levels, for every property of a bridge that has levels. */
export async function levelsByProperty(db: Db, bridgeId: number): Promise<Map<number, WarningLevels>> {
  const rows = await db('property_warning_levels')
    .where({ bridge_id: bridgeId })
    .select('property_id', ...LEVEL_COLUMNS);
  return new Map(rows.map((r: Record<string, unknown> & { property_id: number }) => [r.property_id, toWarningLevels(r)]));
}

/** Stores a property's levels, or removes them (null). */
export async function setLevels(db: Db, property: { id: number; bridgeId: number }, levels: WarningLevels | null, userId: number): Promise<void> {
  if (!levels) {
    await db('property_warning_levels').where({ property_id: property.id }).delete();
    return;
  }
  const row = {
    property_id: property.id,
    bridge_id: property.bridgeId,
    low_critical: levels.lowCritical,
    low_warning: levels.lowWarning,
    high_warning: levels.highWarning,
    high_critical: levels.highCritical,
    hysteresis: levels.hysteresis,
    delay_seconds: levels.delaySeconds,
    updated_by: userId,
    updated_at: nowIso(),
  };
  await db('property_warning_levels').insert(row).onConflict('property_id').merge();
}

/** A pairing ended: the levels of the bridge's properties go with them (in the caller's transaction). */
export async function deletePairingLevels(db: Db, bridgeId: number): Promise<void> {
  await db('property_warning_levels').where({ bridge_id: bridgeId }).delete();
}
