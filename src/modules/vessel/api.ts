/**
 * What other modules may ask of the vessel module.
 */
import Boom from '@hapi/boom';
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { atLeast, normalisePermissions, OWNER_PERMISSIONS, type Level, type PermissionArea, type PermissionFlag, type PermissionSet } from './permissions.js';

export * from './permissions.js';

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

// Access: who may see and do what on a vessel (API.md, permission model).

export type VesselRole = 'owner' | 'member' | 'company';

export interface VesselAccess {
  vesselId: number;
  ownerId: number;
  role: VesselRole;
  paused: boolean;
  permissions: PermissionSet;
}

export type AccessNeed = { area: PermissionArea; level: Level } | { flag: PermissionFlag } | { owner: true };

/**
 * Every vessel a user can reach and how, optionally for one vessel only: owned, as a member
 * (an accepted invitation), or through the company they work for. The most direct way wins:
 * owner over member over company.
 */
export async function accessesOf(db: Db, userId: number, onlyVesselId?: number): Promise<Map<number, VesselAccess>> {
  const only = <Q extends Knex.QueryBuilder>(q: Q, column: string): Q => (onlyVesselId === undefined ? q : (q.where(column, onlyVesselId) as Q));
  const viaCompany = await only(
    db('vessel_members as m')
      .join('company_staff as s', 's.company_id', 'm.company_id')
      .join('vessels as v', 'v.id', 'm.vessel_id')
      .where({ 'm.status': 'active', 's.user_id': userId, 's.status': 'active' })
      .select('m.vessel_id', 'v.owner_id', 'm.permissions', 'm.paused', 's.paused as staff_paused'),
    'm.vessel_id',
  );
  const asMember = await only(
    db('vessel_members as m').join('vessels as v', 'v.id', 'm.vessel_id').where({ 'm.user_id': userId, 'm.status': 'active' }).select('m.vessel_id', 'v.owner_id', 'm.permissions', 'm.paused'),
    'm.vessel_id',
  );
  const owned = await only(db('vessels').where({ owner_id: userId }).select('id', 'owner_id'), 'id');

  const out = new Map<number, VesselAccess>();
  for (const r of viaCompany) {
    out.set(r.vessel_id, { vesselId: r.vessel_id, ownerId: r.owner_id, role: 'company', paused: Boolean(r.paused) || Boolean(r.staff_paused), permissions: normalisePermissions(r.permissions) });
  }
  for (const r of asMember) out.set(r.vessel_id, { vesselId: r.vessel_id, ownerId: r.owner_id, role: 'member', paused: Boolean(r.paused), permissions: normalisePermissions(r.permissions) });
  for (const r of owned) out.set(r.id, { vesselId: r.id, ownerId: r.owner_id, role: 'owner', paused: false, permissions: { ...OWNER_PERMISSIONS } });
  return out;
}

/**
 * The caller's access to a vessel, or null when they have none (pending invitations, other
 * tenants' vessels and vessels that do not exist all look the same).
 */
export async function accessOf(db: Db, userId: number, vesselId: number): Promise<VesselAccess | null> {
  return (await accessesOf(db, userId, vesselId)).get(vesselId) ?? null;
}

export function allows(access: VesselAccess, need: AccessNeed): boolean {
  if (access.paused) return false;
  if ('owner' in need) return access.role === 'owner';
  if ('flag' in need) return access.permissions[need.flag];
  return atLeast(access.permissions[need.area], need.level);
}

/**
 * Access that satisfies every need, or the error API.md asks for: 404 without any access
 * (never reveal another tenant's vessel), 403 when paused or not permitted.
 */
export async function requireAccess(db: Db, userId: number, vesselId: number, ...needs: AccessNeed[]): Promise<VesselAccess> {
  const access = await accessOf(db, userId, vesselId);
  if (!access) throw Boom.notFound('Vessel not found');
  if (access.paused) throw Boom.forbidden('Your access to this vessel is paused');
  for (const need of needs) if (!allows(access, need)) throw Boom.forbidden(forbiddenMessage(need));
  return access;
}

function forbiddenMessage(need: AccessNeed): string {
  if ('owner' in need) return 'Only the owner of the vessel can do this';
  if ('flag' in need) return `You do not have the ${need.flag} permission on this vessel`;
  return `You need ${need.level} on ${need.area} for this`;
}

// Operator views (admin CLI): every vessel, not filtered by a caller's access.

export interface VesselListing extends VesselSummary {
  groupName: string | null;
  homePort: string | null;
  memberCount: number;
  createdAt: string;
}

/** Every vessel by name; `q` searches the name, `ids` picks vessels (e.g. one for a detail view). */
export async function listVessels(db: Db, filter: { q?: string; ownerId?: number; ids?: number[] } = {}): Promise<VesselListing[]> {
  const q = db('vessels as v')
    .leftJoin('vessel_members as m', 'm.vessel_id', 'v.id')
    .groupBy('v.id', 'v.name', 'v.owner_id', 'v.group_name', 'v.home_port', 'v.created_at')
    .select('v.id', 'v.name', 'v.owner_id', 'v.group_name', 'v.home_port', 'v.created_at')
    .count({ members: 'm.id' })
    .orderBy('v.name');
  if (filter.q) q.whereILike('v.name', `%${filter.q}%`);
  if (filter.ownerId !== undefined) q.where('v.owner_id', filter.ownerId);
  if (filter.ids) q.whereIn('v.id', filter.ids);
  return (await q).map((r: any) => ({ id: r.id, name: r.name, ownerId: r.owner_id, groupName: r.group_name ?? null, homePort: r.home_port ?? null, memberCount: Number(r.members), createdAt: r.created_at }));
}

export interface VesselMemberListing {
  userId: number | null;
  companyId: number | null;
  invitedEmail: string | null;
  status: 'pending' | 'active';
  paused: boolean;
  permissions: PermissionSet;
}

export async function membersOfVessel(db: Db, vesselId: number): Promise<VesselMemberListing[]> {
  const rows = await db('vessel_members').where({ vessel_id: vesselId }).orderBy('id');
  return rows.map((r: any) => ({ userId: r.user_id ?? null, companyId: r.company_id ?? null, invitedEmail: r.invited_email ?? null, status: r.status, paused: Boolean(r.paused), permissions: normalisePermissions(r.permissions) }));
}

/** Owners of the vessels a user owns and of the listed vessels, in one query (the access module's directory). */
export async function vesselOwners(db: Db, query: { ownerId: number; vesselIds: number[]; onlyVesselId?: number }): Promise<Array<{ vesselId: number; ownerId: number }>> {
  const q = db('vessels').where((w) => {
    w.where('owner_id', query.ownerId);
    if (query.vesselIds.length) w.orWhereIn('id', query.vesselIds);
  });
  if (query.onlyVesselId !== undefined) q.where('id', query.onlyVesselId);
  const rows: Array<{ id: number; owner_id: number }> = await q.select('id', 'owner_id');
  return rows.map((r) => ({ vesselId: r.id, ownerId: r.owner_id }));
}
