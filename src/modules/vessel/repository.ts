/**
 * The vessel module's tables: vessels, vessel_members, vessel_models, document_categories.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';
import { normalisePermissions, type PermissionSet } from './permissions.js';

type Db = Database | Knex.Transaction;

export interface VesselRow {
  id: number;
  name: string;
  modelId: number | null;
  ownerId: number;
  imageFileId: string | null;
  groupName: string | null;
  hullId: string | null;
  homePort: string | null;
  gpsReporting: boolean;
  propertyUpdate: boolean;
  mfrAccess: boolean;
  userNotifications: boolean;
  createdAt: string;
}

const toVessel = (r: any): VesselRow => ({
  id: r.id,
  name: r.name,
  modelId: r.model_id ?? null,
  ownerId: r.owner_id,
  imageFileId: r.image_file_id ?? null,
  groupName: r.group_name ?? null,
  hullId: r.hull_id ?? null,
  homePort: r.home_port ?? null,
  gpsReporting: Boolean(r.gps_reporting),
  propertyUpdate: Boolean(r.property_update),
  mfrAccess: Boolean(r.mfr_access),
  userNotifications: Boolean(r.user_notifications),
  createdAt: r.created_at,
});

export interface VesselFields {
  name?: string;
  modelId?: number | null;
  groupName?: string | null;
  hullId?: string | null;
  homePort?: string | null;
  imageFileId?: string | null;
  gpsReporting?: boolean;
  propertyUpdate?: boolean;
  mfrAccess?: boolean;
  userNotifications?: boolean;
}

const columns = (f: VesselFields): Record<string, unknown> => {
  const row: Record<string, unknown> = {};
  if (f.name !== undefined) row.name = f.name;
  if (f.modelId !== undefined) row.model_id = f.modelId;
  if (f.groupName !== undefined) row.group_name = f.groupName;
  if (f.hullId !== undefined) row.hull_id = f.hullId;
  if (f.homePort !== undefined) row.home_port = f.homePort;
  if (f.imageFileId !== undefined) row.image_file_id = f.imageFileId;
  if (f.gpsReporting !== undefined) row.gps_reporting = f.gpsReporting;
  if (f.propertyUpdate !== undefined) row.property_update = f.propertyUpdate;
  if (f.mfrAccess !== undefined) row.mfr_access = f.mfrAccess;
  if (f.userNotifications !== undefined) row.user_notifications = f.userNotifications;
  return row;
};

export async function findVessel(db: Db, id: number): Promise<VesselRow | null> {
  const row = await db('vessels').where({ id }).first();
  return row ? toVessel(row) : null;
}

export async function vesselsByIds(db: Db, ids: number[]): Promise<VesselRow[]> {
  if (!ids.length) return [];
  return (await db('vessels').whereIn('id', ids).orderBy('name')).map(toVessel);
}

export async function insertVessel(db: Db, ownerId: number, fields: VesselFields & { name: string }): Promise<number> {
  const now = nowIso();
  return insertId(db, 'vessels', { ...columns(fields), owner_id: ownerId, created_at: now, updated_at: now });
}

export async function updateVessel(db: Db, id: number, fields: VesselFields): Promise<void> {
  await db('vessels').where({ id }).update({ ...columns(fields), updated_at: nowIso() });
}

export async function deleteVessel(db: Db, id: number): Promise<void> {
  await db('vessels').where({ id }).delete();
}

export async function modelExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db('vessel_models').where({ id }).first('id'));
}

// Members: people (user_id or, while invited without an account, invited_email) and companies.

export interface MemberRow {
  id: number;
  vesselId: number;
  userId: number | null;
  companyId: number | null;
  invitedEmail: string | null;
  permissions: PermissionSet;
  paused: boolean;
  status: 'pending' | 'active';
  createdAt: string;
}

const toMember = (r: any): MemberRow => ({
  id: r.id,
  vesselId: r.vessel_id,
  userId: r.user_id ?? null,
  companyId: r.company_id ?? null,
  invitedEmail: r.invited_email ?? null,
  permissions: normalisePermissions(r.permissions),
  paused: Boolean(r.paused),
  status: r.status,
  createdAt: r.created_at,
});

export async function membersOf(db: Db, vesselId: number): Promise<MemberRow[]> {
  return (await db('vessel_members').where({ vessel_id: vesselId }).orderBy('id')).map(toMember);
}

export async function findMember(db: Db, vesselId: number, who: { userId: number } | { companyId: number }): Promise<MemberRow | null> {
  const row = await db('vessel_members')
    .where({ vessel_id: vesselId, ...('userId' in who ? { user_id: who.userId } : { company_id: who.companyId }) })
    .first();
  return row ? toMember(row) : null;
}

export async function insertMember(db: Db, m: { vesselId: number; userId?: number | null; companyId?: number | null; invitedEmail?: string | null; permissions: PermissionSet; status: 'pending' | 'active'; invitedBy: number }): Promise<number> {
  return insertId(db, 'vessel_members', {
    vessel_id: m.vesselId,
    user_id: m.userId ?? null,
    company_id: m.companyId ?? null,
    invited_email: m.invitedEmail ?? null,
    permissions: JSON.stringify(m.permissions),
    status: m.status,
    invited_by: m.invitedBy,
    created_at: nowIso(),
  });
}

export async function updateMember(db: Db, id: number, patch: { permissions?: PermissionSet; paused?: boolean; status?: 'pending' | 'active' }): Promise<void> {
  const row: Record<string, unknown> = {};
  if (patch.permissions) row.permissions = JSON.stringify(patch.permissions);
  if (patch.paused !== undefined) row.paused = patch.paused;
  if (patch.status) row.status = patch.status;
  await db('vessel_members').where({ id }).update(row);
}

export async function deleteMember(db: Db, id: number): Promise<void> {
  await db('vessel_members').where({ id }).delete();
}

/** Pending invitations addressed to a user (by account or, before they had one, by e-mail). */
export async function pendingInvitationsFor(db: Db, userId: number, email: string): Promise<Array<MemberRow & { vesselName: string }>> {
  const rows = await db('vessel_members as m')
    .join('vessels as v', 'v.id', 'm.vessel_id')
    .where('m.status', 'pending')
    .whereNull('m.company_id')
    .where((w) => w.where('m.user_id', userId).orWhere('m.invited_email', email))
    .select('m.*', 'v.name as vessel_name');
  return rows.map((r) => ({ ...toMember(r), vesselName: r.vessel_name }));
}

export async function documentCategories(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db('document_categories').orderBy('name').select('id', 'name');
}
