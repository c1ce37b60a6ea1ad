/**
 * The access module's table: `vessel_members`, every grant on a vessel to a user (a member) or
 * to a company (technical access), with its permission set. Only this file touches it.
 */
import type { Db } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';
import { type AccessWindow, normalisePermissions, type PermissionSet } from '../../../contracts/permissions.js';

export type GrantStatus = 'pending' | 'active';

export interface MemberRow {
  id: number;
  vessel_id: number;
  user_id: number | null;
  company_id: number | null;
  invited_email: string | null;
  invited_name: string | null;
  permissions: string;
  paused: boolean | number;
  status: GrantStatus;
  invited_by: number | null;
  created_at: string;
  starts_at: string | null;
  ends_at: string | null;
  first_used_at: string | null;
}

export interface Grant extends AccessWindow {
  id: number;
  vesselId: number;
  userId: number | null;
  companyId: number | null;
  invitedEmail: string | null;
  /** The name the inviter gave an invited person, until they accept. */
  invitedName: string | null;
  status: GrantStatus;
  paused: boolean;
  permissions: PermissionSet;
  invitedBy: number | null;
  createdAt: string;
  /** When someone first worked under a company grant (null until then). */
  firstUsedAt: string | null;
}

export const toGrant = (r: MemberRow): Grant => ({
  id: r.id,
  vesselId: r.vessel_id,
  userId: r.user_id,
  companyId: r.company_id,
  invitedEmail: r.invited_email,
  invitedName: r.invited_name ?? null,
  status: r.status,
  paused: Boolean(r.paused),
  permissions: normalisePermissions(r.permissions),
  invitedBy: r.invited_by,
  createdAt: r.created_at,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  firstUsedAt: r.first_used_at,
});

/** Who a grant is to: a person or a company. */
export type Grantee = { userId: number } | { companyId: number };

const granteeColumns = (who: Grantee) => ('userId' in who ? { user_id: who.userId } : { company_id: who.companyId });

/** Active grants to the user or to any of the companies, optionally on one vessel only. */
export async function activeGrantsFor(db: Db, userId: number, companyIds: number[], onlyVesselId?: number): Promise<Grant[]> {
  const q = db<MemberRow>('vessel_members')
    .where('status', 'active')
    .where((w) => {
      w.where('user_id', userId);
      if (companyIds.length) w.orWhereIn('company_id', companyIds);
    });
  if (onlyVesselId !== undefined) q.where('vessel_id', onlyVesselId);
  return (await q).map(toGrant);
}

/** Every grant on a vessel (people and companies, pending and active), oldest first. */
export async function grantsOn(db: Db, vesselId: number): Promise<Grant[]> {
  return (await db<MemberRow>('vessel_members').where({ vessel_id: vesselId }).orderBy('id')).map(toGrant);
}

export async function findGrant(db: Db, vesselId: number, who: Grantee): Promise<Grant | null> {
  const row = await db<MemberRow>('vessel_members')
    .where({ vessel_id: vesselId, ...granteeColumns(who) })
    .first();
  return row ? toGrant(row) : null;
}

export async function insertGrant(
  db: Db,
  g: { vesselId: number; who: Grantee; permissions: PermissionSet; status: GrantStatus; invitedBy: number; window?: AccessWindow; invitedName?: string | null },
): Promise<number> {
  return insertId(db, 'vessel_members', {
    vessel_id: g.vesselId,
    ...granteeColumns(g.who),
    permissions: JSON.stringify(g.permissions),
    status: g.status,
    invited_by: g.invitedBy,
    invited_name: g.invitedName ?? null,
    created_at: nowIso(),
    starts_at: g.window?.startsAt ?? null,
    ends_at: g.window?.endsAt ?? null,
  });
}

export async function updateGrant(
  db: Db,
  id: number,
  patch: { permissions?: PermissionSet; paused?: boolean; status?: GrantStatus; window?: Partial<AccessWindow> },
): Promise<void> {
  const row: Partial<MemberRow> = {};
  if (patch.permissions) row.permissions = JSON.stringify(patch.permissions);
  if (patch.paused !== undefined) row.paused = patch.paused;
  if (patch.status) row.status = patch.status;
  if (patch.window?.startsAt !== undefined) row.starts_at = patch.window.startsAt;
  if (patch.window?.endsAt !== undefined) row.ends_at = patch.window.endsAt;
  if (!Object.keys(row).length) return;
  await db<MemberRow>('vessel_members').where({ id }).update(row);
}

/** Marks a grant used at `at` unless it already was; answers whether this call was the first use. */
export async function markFirstUse(db: Db, id: number, at: string): Promise<boolean> {
  return (await db<MemberRow>('vessel_members').where({ id }).whereNull('first_used_at').update({ first_used_at: at })) === 1;
}

export async function deleteGrant(db: Db, id: number): Promise<void> {
  await db<MemberRow>('vessel_members').where({ id }).delete();
}

export async function deleteGrants(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db<MemberRow>('vessel_members').whereIn('id', ids).delete();
}

/** Pending invitations addressed to a user (by account or, before they had one, by e-mail). */
export async function pendingInvitationsFor(db: Db, userId: number, email: string): Promise<Grant[]> {
  const rows = await db<MemberRow>('vessel_members')
    .where('status', 'pending')
    .whereNull('company_id')
    .where((w) => w.where('user_id', userId).orWhere('invited_email', email))
    .orderBy('id');
  return rows.map(toGrant);
}

/** How many vessels the user is an active member of (ownership is the vessel module's). */
export async function countActiveMemberships(db: Db, userId: number): Promise<number> {
  const row = await db<MemberRow>('vessel_members').where({ user_id: userId, status: 'active' }).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Company grants on any of the vessels. */
export async function companyGrantsOn(db: Db, vesselIds: number[]): Promise<Grant[]> {
  if (!vesselIds.length) return [];
  return (await db<MemberRow>('vessel_members').whereIn('vessel_id', vesselIds).whereNotNull('company_id').orderBy('id')).map(toGrant);
}

/** Pauses or resumes a company on the vessels; answers how many grants changed. */
export async function setCompanyPausedOn(db: Db, companyId: number, vesselIds: number[], paused: boolean): Promise<number> {
  if (!vesselIds.length) return 0;
  return db<MemberRow>('vessel_members').where({ company_id: companyId }).whereIn('vessel_id', vesselIds).update({ paused });
}

/** vessel id → how many grants it has. */
export async function grantCounts(db: Db, vesselIds: number[]): Promise<Map<number, number>> {
  if (!vesselIds.length) return new Map();
  const rows = await db<MemberRow>('vessel_members')
    .whereIn('vessel_id', vesselIds)
    .groupBy('vessel_id')
    .select('vessel_id')
    .count<Array<{ vessel_id: number; n: number | string }>>({ n: '*' });
  return new Map(rows.map((r) => [r.vessel_id, Number(r.n)]));
}

/** Every active grant a company holds (its technical access), oldest first. */
export async function grantsOfCompany(db: Db, companyId: number): Promise<Grant[]> {
  return (await db<MemberRow>('vessel_members').where({ company_id: companyId, status: 'active' }).orderBy('id')).map(toGrant);
}
