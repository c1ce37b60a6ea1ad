/** `vessel_interfaces`: the HTTP clients posting into a vessel. Only this file touches the table. */
import type { VesselInterface } from '../../../../contracts/vessel-areas.js';
import { insertId, nowIso, type Db } from '../../../db/knex.js';

export type { VesselInterface };

interface InterfaceTableRow {
  id: number;
  vessel_id: number;
  name: string;
  token_hash: string | null;
  token_issued_at: string | null;
  token_holder_id: number | null;
  last_used_at: string | null;
  created_at: string;
}

/** The message source uid of an interface: its own bus, `interface`, in the sources list. */
export const interfaceSource = (id: number) => `interface.${id}`;

const toInterface = (r: InterfaceTableRow): VesselInterface => ({
  id: r.id,
  vesselId: r.vessel_id,
  name: r.name,
  source: interfaceSource(r.id),
  tokenIssuedAt: r.token_issued_at,
  tokenHolderId: r.token_holder_id,
  lastUsedAt: r.last_used_at,
  createdAt: r.created_at,
});

export async function interfacesOf(db: Db, vesselId: number): Promise<VesselInterface[]> {
  return (await db<InterfaceTableRow>('vessel_interfaces').where({ vessel_id: vesselId }).orderBy('name').orderBy('id')).map(toInterface);
}

export async function findInterface(db: Db, id: number): Promise<VesselInterface | null> {
  const row = await db<InterfaceTableRow>('vessel_interfaces').where({ id }).first();
  return row ? toInterface(row) : null;
}

export async function interfaceByTokenHash(db: Db, tokenHash: string): Promise<VesselInterface | null> {
  const row = await db<InterfaceTableRow>('vessel_interfaces').where({ token_hash: tokenHash }).first();
  return row ? toInterface(row) : null;
}

export async function insertInterface(db: Db, vesselId: number, name: string, token: { hash: string; holderId: number }): Promise<VesselInterface> {
  const now = nowIso();
  const id = await insertId(db, 'vessel_interfaces', {
    vessel_id: vesselId,
    name,
    token_hash: token.hash,
    token_holder_id: token.holderId,
    token_issued_at: now,
    created_at: now,
  });
  return (await findInterface(db, id))!;
}

export const renameInterface = (db: Db, id: number, name: string) => db('vessel_interfaces').where({ id }).update({ name });

export const setToken = (db: Db, id: number, token: { hash: string; holderId: number }) =>
  db('vessel_interfaces').where({ id }).update({ token_hash: token.hash, token_holder_id: token.holderId, token_issued_at: nowIso() });

export const markUsed = (db: Db, id: number, at: string) => db('vessel_interfaces').where({ id }).update({ last_used_at: at });

export const deleteInterface = (db: Db, id: number) => db('vessel_interfaces').where({ id }).delete();
