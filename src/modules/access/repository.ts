/**
 * The access module's table: `vessel_members`, every grant on a vessel to a user (a member) or
 * to a company (technical access), with its permission set. Only this file touches it.
 */
import type { Db } from '../../db/knex.js';
import { normalisePermissions, type PermissionSet } from '../../../contracts/permissions.js';

export interface MemberRow {
  id: number;
  vessel_id: number;
  user_id: number | null;
  company_id: number | null;
  invited_email: string | null;
  permissions: string;
  paused: boolean | number;
  status: 'pending' | 'active';
  invited_by: number | null;
  created_at: string;
}

export interface Grant {
  id: number;
  vesselId: number;
  userId: number | null;
  companyId: number | null;
  invitedEmail: string | null;
  status: 'pending' | 'active';
  paused: boolean;
  permissions: PermissionSet;
  invitedBy: number | null;
  createdAt: string;
}

export const toGrant = (r: MemberRow): Grant => ({
  id: r.id,
  vesselId: r.vessel_id,
  userId: r.user_id,
  companyId: r.company_id,
  invitedEmail: r.invited_email,
  status: r.status,
  paused: Boolean(r.paused),
  permissions: normalisePermissions(r.permissions),
  invitedBy: r.invited_by,
  createdAt: r.created_at,
});

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
