/** `vessel_access_requests`: one row per person and vessel, open until decided. Only this file touches the table. */
import { insertId, nowIso } from '../../../db/knex.js';
import type { Db } from '../../../db/knex.js';

export type AccessRequestStatus = 'open' | 'granted' | 'declined';

export interface AccessRequestRow {
  id: number;
  vessel_id: number;
  user_id: number;
  message: string | null;
  status: AccessRequestStatus;
  created_at: string;
  decided_at: string | null;
}

export const openRequestsOn = (db: Db, vesselId: number): Promise<AccessRequestRow[]> =>
  db<AccessRequestRow>('vessel_access_requests').where({ vessel_id: vesselId, status: 'open' }).orderBy('id');

export const findRequest = (db: Db, vesselId: number, where: { id: number } | { user_id: number }): Promise<AccessRequestRow | undefined> =>
  db<AccessRequestRow>('vessel_access_requests')
    .where({ vessel_id: vesselId, ...where })
    .first();

/** A new request, or a declined one asked again; answers whether the owner should be told. */
export async function openRequest(db: Db, vesselId: number, userId: number, message: string | null): Promise<boolean> {
  const existing = await findRequest(db, vesselId, { user_id: userId });
  if (existing?.status === 'open') return false;
  if (existing) {
    await db('vessel_access_requests').where({ id: existing.id }).update({ status: 'open', message, created_at: nowIso(), decided_at: null });
    return true;
  }
  await insertId(db, 'vessel_access_requests', { vessel_id: vesselId, user_id: userId, message, status: 'open', created_at: nowIso() });
  return true;
}

export const decideRequest = (db: Db, requestId: number, status: Exclude<AccessRequestStatus, 'open'>): Promise<number> =>
  db('vessel_access_requests').where({ id: requestId }).update({ status, decided_at: nowIso() });
