/**
 * Whether an alarm is held back from people (recorded and shown, never notified, sounded or
 * escalated): its point is shelved, or the vessel's current mode suppresses its source
 * (docs/product.md, "Alarms").
 */
import type { Db } from '../../db/knex.js';
import type { AlertOrigin } from './repository.js';
import { shelfOf, suppressionsOf, vesselSettings } from './settings-repository.js';

/**
 * Whether a suppression source names an alarm: an origin (`no-data`, `geofence`, …), or a path
 * or path prefix (`environment.inside.bilge` names `notifications.environment.inside.bilge.*` too).
 */
export function sourceMatches(source: string, alarm: { origin: AlertOrigin; path: string }): boolean {
  if (source === alarm.origin) return true;
  const path = alarm.path.startsWith('notifications.') ? alarm.path.slice('notifications.'.length) : alarm.path;
  return [path, alarm.path].some((p) => p === source || p.startsWith(`${source}.`));
}

export async function heldBack(
  db: Db,
  vesselId: number,
  alarm: { bridgeId: number; origin: AlertOrigin; path: string },
): Promise<'shelved' | 'suppressed' | null> {
  if (await shelfOf(db, alarm.bridgeId, alarm.origin, alarm.path)) return 'shelved';
  const { mode } = await vesselSettings(db, vesselId);
  const sources = (await suppressionsOf(db, vesselId)).get(mode) ?? [];
  return sources.some((s) => sourceMatches(s, alarm)) ? 'suppressed' : null;
}
