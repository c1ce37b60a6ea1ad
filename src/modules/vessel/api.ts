/**
 * What other modules may ask of the vessel module.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';

type Db = Database | Knex.Transaction;

export interface VesselSummary {
  id: number;
  name: string;
  ownerId: number;
}

/** Vessels a user owns or is an active member of. */
export async function countVesselsOf(db: Db, userId: number): Promise<number> {
  const owned = await db('vessels').where({ owner_id: userId }).count<{ n: number }[]>({ n: '*' }).first();
  const member = await db('vessel_members').where({ user_id: userId, status: 'active' }).count<{ n: number }[]>({ n: '*' }).first();
  return Number(owned?.n ?? 0) + Number(member?.n ?? 0);
}

export async function vesselsOwnedBy(db: Db, userId: number): Promise<VesselSummary[]> {
  const rows = await db('vessels').where({ owner_id: userId }).orderBy('name').select('id', 'name', 'owner_id');
  return rows.map((r) => ({ id: r.id, name: r.name, ownerId: r.owner_id }));
}

/** Companies with technical access to any vessel the user owns: the user's vendors. */
export async function vendorsOf(db: Db, ownerId: number): Promise<Array<{ companyId: number; paused: boolean; vesselIds: number[] }>> {
  const rows = await db('vessel_members as m')
    .join('vessels as v', 'v.id', 'm.vessel_id')
    .where('v.owner_id', ownerId)
    .whereNotNull('m.company_id')
    .select('m.company_id', 'm.paused', 'm.vessel_id');
  const byCompany = new Map<number, { companyId: number; paused: boolean; vesselIds: number[] }>();
  type Row = { company_id: number; paused: unknown; vessel_id: number };
  for (const r of rows as Row[]) {
    const entry = byCompany.get(r.company_id) ?? { companyId: r.company_id, paused: true, vesselIds: [] as number[] };
    entry.vesselIds.push(r.vessel_id);
    // A vendor counts as enabled while it has access to at least one of the owner's vessels.
    entry.paused = entry.paused && Boolean(r.paused);
    byCompany.set(r.company_id, entry);
  }
  return [...byCompany.values()];
}

/** Pauses or resumes a company's access on every vessel the owner owns; answers how many. */
export async function setVendorPaused(db: Db, ownerId: number, companyId: number, paused: boolean): Promise<number> {
  const vesselIds = db('vessels').where({ owner_id: ownerId }).select('id');
  return db('vessel_members').where({ company_id: companyId }).whereIn('vessel_id', vesselIds).update({ paused });
}
