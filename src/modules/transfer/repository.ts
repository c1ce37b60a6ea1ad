/** `vessel_transfers`: one row per transfer of a vessel's ownership. Only this file touches the table. */
import { insertId, type Db } from '../../db/knex.js';

/** `unconfirmed` waits for the seller's e-mailed code, and nobody else sees it. */
export type StoredStatus = 'unconfirmed' | 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

export interface TransferRow {
  id: number;
  vessel_id: number;
  seller_id: number;
  buyer_email: string;
  buyer_id: number | null;
  status: StoredStatus;
  /** JSON `{keepMembers, keepCompanies}` once accepted. */
  kept: string | null;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
}

export const findTransfer = (db: Db, id: number): Promise<TransferRow | undefined> => db<TransferRow>('vessel_transfers').where({ id }).first();

/** The vessel's transfers in these states, newest first. */
export const transfersOfVessel = (db: Db, vesselId: number, statuses: StoredStatus[]): Promise<TransferRow[]> =>
  db<TransferRow>('vessel_transfers').where({ vessel_id: vesselId }).whereIn('status', statuses).orderBy('id', 'desc');

/** Transfers offered to a buyer and not yet answered, newest first. */
export const pendingForBuyer = (db: Db, buyerId: number): Promise<TransferRow[]> =>
  db<TransferRow>('vessel_transfers').where({ buyer_id: buyerId, status: 'pending' }).orderBy('id', 'desc');

/** Every transfer in these states (all with none given), newest first: the operator's list. */
export function listTransfers(db: Db, filter: { vesselId?: number; statuses?: StoredStatus[] }): Promise<TransferRow[]> {
  const q = db<TransferRow>('vessel_transfers').orderBy('id', 'desc');
  if (filter.vesselId !== undefined) q.where({ vessel_id: filter.vesselId });
  if (filter.statuses?.length) q.whereIn('status', filter.statuses);
  return q;
}

export const insertTransfer = (db: Db, row: Omit<TransferRow, 'id' | 'kept' | 'decided_at' | 'buyer_id'>): Promise<number> =>
  insertId(db, 'vessel_transfers', row);

export async function deleteUnconfirmed(db: Db, vesselId: number): Promise<void> {
  await db<TransferRow>('vessel_transfers').where({ vessel_id: vesselId, status: 'unconfirmed' }).delete();
}

/** Moves a transfer on from `from` only, so two answers cannot both win; answers whether it moved. */
export async function moveTransfer(db: Db, id: number, from: StoredStatus, patch: Partial<Omit<TransferRow, 'id'>>): Promise<boolean> {
  return (await db<TransferRow>('vessel_transfers').where({ id, status: from }).update(patch)) === 1;
}
