/**
 * A device's alert log (docs/api.md `AlertLogEntry`): every transition of the alerts raised on its
 * properties' paths, by a warning level, a custom alert or a notification of the same path, with
 * who made it and when, and the notes people add.
 */
import type { Db } from '../../db/knex.js';
import * as repo from './repository.js';

export interface AlertLogEntry {
  id: number;
  alertId: number;
  path: string;
  action: repo.LogAction;
  state: repo.AlertState;
  userId: number | null;
  messageText: string;
  at: string;
}

export const logView = (row: repo.AlertLogRow): AlertLogEntry => ({
  id: row.id,
  alertId: row.alertId,
  path: row.path,
  action: row.action,
  state: row.state,
  userId: row.userId,
  messageText: row.messageText,
  at: row.at,
});

/** The alert log of some paths of a bridge (a device's properties), newest first, paged. */
export async function alertLogOfPaths(
  db: Db,
  bridgeId: number,
  paths: string[],
  page: { page: number; size: number; from?: string; to?: string; actions?: repo.LogAction[] },
): Promise<{ totalElements: number; content: AlertLogEntry[] }> {
  const { total, rows } = await repo.logPageOfPaths(db, bridgeId, [...paths, ...paths.map((p) => `notifications.${p}`)], page);
  return { totalElements: total, content: rows.map(logView) };
}
