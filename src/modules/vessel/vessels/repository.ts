/**
 * `vessels` and `document_categories`: the vessel module's own rows. Only this file touches them.
 * Who is on a vessel is the access module's (`vessel_members`); vessel models are the org module's,
 * and the foreign key on `model_id` is what refuses a model that does not exist.
 */
import type { DocumentCategory } from '../../../../contracts/admin.js';
import Boom from '@hapi/boom';
import type { Db } from '../../../db/knex.js';
import { insertId, nowIso } from '../../../db/knex.js';

export interface VesselTableRow {
  id: number;
  name: string;
  model_id: number | null;
  owner_id: number;
  image_file_id: string | null;
  group_name: string | null;
  hull_id: string | null;
  home_port: string | null;
  gps_reporting: boolean | number;
  property_update: boolean | number;
  mfr_access: boolean | number;
  user_notifications: boolean | number;
  created_at: string;
  updated_at: string;
}

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

export const toVessel = (r: VesselTableRow): VesselRow => ({
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

const columns = (f: VesselFields): Partial<VesselTableRow> => {
  const row: Partial<VesselTableRow> = {};
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

/** SQLite and PostgreSQL name a foreign-key failure differently. */
const isForeignKeyViolation = (err: unknown): boolean =>
  err instanceof Error && 'code' in err && (err.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || err.code === '23503');

/** Runs a write that names a model; a model that does not exist is the caller's mistake (400). */
async function naming<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw Boom.badRequest('modelId does not name a vessel model');
    throw err;
  }
}

export async function findVessel(db: Db, id: number): Promise<VesselRow | null> {
  const row = await db<VesselTableRow>('vessels').where({ id }).first();
  return row ? toVessel(row) : null;
}

export async function vesselsByIds(db: Db, ids: number[]): Promise<VesselRow[]> {
  if (!ids.length) return [];
  return (await db<VesselTableRow>('vessels').whereIn('id', ids).orderBy('name')).map(toVessel);
}

export async function vesselsOwnedBy(db: Db, ownerId: number): Promise<VesselRow[]> {
  return (await db<VesselTableRow>('vessels').where({ owner_id: ownerId }).orderBy('name')).map(toVessel);
}

export async function countOwnedBy(db: Db, ownerId: number): Promise<number> {
  const row = await db<VesselTableRow>('vessels').where({ owner_id: ownerId }).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** owner id → how many vessels they own (owners without any are absent). */
export async function countsOwnedBy(db: Db, ownerIds: number[]): Promise<Map<number, number>> {
  if (!ownerIds.length) return new Map();
  const rows = await db<VesselTableRow>('vessels')
    .whereIn('owner_id', [...new Set(ownerIds)])
    .groupBy('owner_id')
    .select('owner_id')
    .count<Array<{ owner_id: number; n: number | string }>>({ n: '*' });
  return new Map(rows.map((r) => [r.owner_id, Number(r.n)]));
}

/** Every vessel's id. */
export async function allVesselIds(db: Db): Promise<number[]> {
  return (await db<VesselTableRow>('vessels').select('id')).map((r) => r.id);
}

/** The administrator's list of every vessel: `q` searches the name, `ownerIds` picks owners, `ids` limits it. */
export function adminVesselsQuery(db: Db, filter: { q?: string; ownerIds?: number[]; ids?: number[] }) {
  const q = db<VesselTableRow>('vessels').select('*');
  if (filter.ids) q.whereIn('id', filter.ids);
  if (filter.q)
    q.where((w) => {
      w.whereILike('name', `%${filter.q}%`);
      if (filter.ownerIds?.length) w.orWhereIn('owner_id', filter.ownerIds);
    });
  return q;
}

export const ADMIN_VESSEL_SORTS = { name: 'name', createdAt: 'created_at' } as const;

/** Every vessel by name; `q` searches the name, `ids` picks vessels. */
export async function listVessels(db: Db, filter: { q?: string; ownerId?: number; ids?: number[] }): Promise<VesselRow[]> {
  const q = db<VesselTableRow>('vessels').orderBy('name');
  if (filter.q) q.whereILike('name', `%${filter.q}%`);
  if (filter.ownerId !== undefined) q.where('owner_id', filter.ownerId);
  if (filter.ids) q.whereIn('id', filter.ids);
  return (await q).map(toVessel);
}

/** Owners of the vessels a user owns and of the listed vessels, in one query. */
export async function owners(
  db: Db,
  query: { ownerId: number; vesselIds: number[]; onlyVesselId?: number },
): Promise<Array<{ vesselId: number; ownerId: number }>> {
  const q = db<VesselTableRow>('vessels').where((w) => {
    w.where('owner_id', query.ownerId);
    if (query.vesselIds.length) w.orWhereIn('id', query.vesselIds);
  });
  if (query.onlyVesselId !== undefined) q.where('id', query.onlyVesselId);
  const rows = await q.select('id', 'owner_id');
  return rows.map((r) => ({ vesselId: r.id, ownerId: r.owner_id }));
}

export async function names(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db<VesselTableRow>('vessels')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'name');
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertVessel(db: Db, ownerId: number, fields: VesselFields & { name: string }): Promise<number> {
  const now = nowIso();
  return naming(insertId(db, 'vessels', { ...columns(fields), owner_id: ownerId, created_at: now, updated_at: now }));
}

export async function updateVessel(db: Db, id: number, fields: VesselFields): Promise<void> {
  await naming(
    db<VesselTableRow>('vessels')
      .where({ id })
      .update({ ...columns(fields), updated_at: nowIso() }),
  );
}

/** Gives the vessel to `to` if `from` still owns it; answers whether it did. */
export async function setOwner(db: Db, id: number, from: number, to: number): Promise<boolean> {
  return (await db<VesselTableRow>('vessels').where({ id, owner_id: from }).update({ owner_id: to, updated_at: nowIso() })) === 1;
}

export async function deleteVessel(db: Db, id: number): Promise<void> {
  await db<VesselTableRow>('vessels').where({ id }).delete();
}

export interface CategoryTableRow {
  id: number;
  name: string;
}

export type { DocumentCategory };

const toCategory = (r: CategoryTableRow): DocumentCategory => ({ id: r.id, name: r.name });

export async function documentCategories(db: Db): Promise<DocumentCategory[]> {
  return (await db<CategoryTableRow>('document_categories').orderBy('name').select('id', 'name')).map(toCategory);
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db<CategoryTableRow>('document_categories').where({ id }).first('id'));
}

/** Vessels built on a model whose owners let its manufacturer see them (`mfrAccess`). */
export async function consentingVesselsOfModels(db: Db, modelIds: number[]): Promise<VesselRow[]> {
  if (!modelIds.length) return [];
  return (await db<VesselTableRow>('vessels').whereIn('model_id', modelIds).where({ mfr_access: true }).orderBy('name')).map(toVessel);
}

export async function insertCategory(db: Db, name: string): Promise<DocumentCategory> {
  const id = await insertId(db, 'document_categories', { name });
  return { id, name };
}

export const categoryNameTaken = async (db: Db, name: string): Promise<boolean> =>
  Boolean(await db<CategoryTableRow>('document_categories').whereRaw('lower(name) = ?', [name.toLowerCase()]).first('id'));

export async function countVessels(db: Db): Promise<number> {
  return Number((await db('vessels').count<{ n: number | string }[]>({ n: '*' }).first())?.n ?? 0);
}

export async function countVesselsOfModel(db: Db, modelId: number): Promise<number> {
  return Number((await db('vessels').where({ model_id: modelId }).count<{ n: number | string }[]>({ n: '*' }).first())?.n ?? 0);
}

/** Vessels created per day (UTC) since the given day, for the admin overview. */
export async function vesselsCreatedSince(db: Db, sinceIso: string): Promise<string[]> {
  return (await db<VesselTableRow>('vessels').where('created_at', '>=', sinceIso).select('created_at')).map((r) => r.created_at);
}
