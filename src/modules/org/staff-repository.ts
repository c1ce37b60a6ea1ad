/**
 * The org module's staff rows beyond who works where (repository.ts): invitations with an expiry,
 * each member's permissions, pausing and removal. Only this file and repository.ts touch
 * company_staff.
 */
import type { Db } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';
import { ADMIN_STAFF_PERMISSIONS, DEFAULT_STAFF_PERMISSIONS, STAFF_PERMISSIONS, type StaffPermissions } from '../../../contracts/organisation.js';
import type { StaffRole } from './repository.js';

interface StaffTableRow {
  id: number;
  company_id: number;
  user_id: number | null;
  invited_email: string | null;
  role: StaffRole;
  permissions: string;
  paused: boolean | number;
  status: string;
  invited_by: number | null;
  expires_at: string | null;
  created_at: string;
}

export interface Staff {
  id: number;
  companyId: number;
  userId: number | null;
  invitedEmail: string | null;
  role: StaffRole;
  /** What the member may do: an administrator holds everything, whatever is stored. */
  permissions: StaffPermissions;
  paused: boolean;
  /** `pending` until the invitee accepts, then `active`. */
  status: 'pending' | 'active';
  invitedBy: number | null;
  expiresAt: string | null;
  createdAt: string;
}

/** The stored permissions over the defaults; unknown keys are ignored. */
export function parsePermissions(text: string | null | undefined): StaffPermissions {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    // a damaged value counts as the defaults
  }
  const out = { ...DEFAULT_STAFF_PERMISSIONS };
  for (const key of STAFF_PERMISSIONS) if (typeof stored[key] === 'boolean') out[key] = stored[key];
  return out;
}

const toStaff = (r: StaffTableRow): Staff => ({
  id: r.id,
  companyId: r.company_id,
  userId: r.user_id,
  invitedEmail: r.invited_email,
  role: r.role,
  permissions: r.role === 'admin' ? { ...ADMIN_STAFF_PERMISSIONS } : parsePermissions(r.permissions),
  paused: Boolean(r.paused),
  status: r.status === 'active' ? 'active' : 'pending',
  invitedBy: r.invited_by ?? null,
  expiresAt: r.expires_at ?? null,
  createdAt: r.created_at,
});

const table = (db: Db) => db<StaffTableRow>('company_staff');

export async function staffOfCompany(db: Db, companyId: number): Promise<Staff[]> {
  return (await table(db).where({ company_id: companyId }).orderBy('id')).map(toStaff);
}

/** A staff row of this company; another company's row answers null like a missing one. */
export async function findStaff(db: Db, companyId: number, id: number): Promise<Staff | null> {
  const row = await table(db).where({ company_id: companyId, id }).first();
  return row ? toStaff(row) : null;
}

/** Any staff row of the user, in any company and state (a person works for one company at most). */
export async function staffRowOfUser(db: Db, userId: number): Promise<Staff | null> {
  const row = await table(db).where({ user_id: userId }).first();
  return row ? toStaff(row) : null;
}

/** The user's active membership with its permissions, or null. */
export async function activeStaffOf(db: Db, userId: number): Promise<Staff | null> {
  const row = await table(db).where({ user_id: userId, status: 'active' }).first();
  return row ? toStaff(row) : null;
}

export async function insertStaffInvitation(
  db: Db,
  row: { companyId: number; userId: number; email: string; invitedBy: number | null; expiresAt: string; permissions: StaffPermissions; role?: StaffRole },
): Promise<number> {
  return insertId(db, 'company_staff', {
    company_id: row.companyId,
    user_id: row.userId,
    invited_email: row.email,
    role: row.role ?? 'staff',
    permissions: JSON.stringify(row.permissions),
    paused: false,
    status: 'pending',
    invited_by: row.invitedBy,
    expires_at: row.expiresAt,
    created_at: nowIso(),
  });
}

export async function updateStaff(
  db: Db,
  id: number,
  patch: { permissions?: StaffPermissions; paused?: boolean; status?: 'active'; expiresAt?: string | null },
): Promise<void> {
  const row: Partial<StaffTableRow> = {};
  if (patch.permissions) row.permissions = JSON.stringify(patch.permissions);
  if (patch.paused !== undefined) row.paused = patch.paused;
  if (patch.status) row.status = patch.status;
  if (patch.expiresAt !== undefined) row.expires_at = patch.expiresAt;
  await table(db).where({ id }).update(row);
}

export async function deleteStaff(db: Db, id: number): Promise<void> {
  await table(db).where({ id }).delete();
}

/** Companies whose vessels the user works on: active membership holding useTechnicalAccess (the access directory). */
export async function technicalStaffCompaniesOf(db: Db, userId: number): Promise<Array<{ companyId: number; paused: boolean }>> {
  const rows = await table(db).where({ user_id: userId, status: 'active' });
  return rows
    .map(toStaff)
    .filter((s) => s.permissions.useTechnicalAccess)
    .map((s) => ({ companyId: s.companyId, paused: s.paused }));
}
