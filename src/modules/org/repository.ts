/**
 * The org module's tables: companies, company_staff, vessel_models (and the relationships and
 * clients to come). Only this file touches them; other modules go through api.ts.
 */
import type { Company as CompanyView, CompanyInput, CompanyKind, VesselModel as VesselModelView, VesselModelInput } from '../../../contracts/admin.js';
import type { Db } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';
import { fileUrl } from '../../platform/files.js';

export type { CompanyInput, CompanyKind, VesselModelInput };
export type StaffRole = 'admin' | 'staff';

export interface CompanyRow {
  id: number;
  name: string;
  kind: CompanyKind;
  email: string | null;
  phone: string | null;
  country_code: string | null;
  website: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffRow {
  id: number;
  company_id: number;
  user_id: number | null;
  invited_email: string | null;
  role: StaffRole;
  permissions: string;
  /** SQLite answers 0/1. */
  paused: boolean | number;
  status: string;
  created_at: string;
}

export interface VesselModelRow {
  id: number;
  manufacturer_id: number;
  name: string;
  length_m: number | null;
  image_file_id: string | null;
  created_at: string;
}

/** A company as answered (the admin lists add staffCount). */
export type Company = Omit<CompanyView, 'staffCount'>;

export interface StaffMember {
  id: number;
  companyId: number;
  userId: number | null;
  invitedEmail: string | null;
  role: StaffRole;
  paused: boolean;
  status: string;
}

export type VesselModel = Required<VesselModelView>;

export const toCompany = (r: CompanyRow): Company => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  email: r.email ?? null,
  phone: r.phone ?? null,
  countryCode: r.country_code ?? null,
  website: r.website ?? null,
  createdAt: r.created_at,
});

export const toStaffMember = (r: StaffRow): StaffMember => ({
  id: r.id,
  companyId: r.company_id,
  userId: r.user_id,
  invitedEmail: r.invited_email,
  role: r.role,
  paused: Boolean(r.paused),
  status: r.status,
});

export const toVesselModel = (r: VesselModelRow): VesselModel => ({
  id: r.id,
  name: r.name,
  manufacturerId: r.manufacturer_id,
  lengthM: r.length_m,
  imageUrl: fileUrl(r.image_file_id ?? null),
});

const companies = (db: Db) => db<CompanyRow>('companies');
const staff = (db: Db) => db<StaffRow>('company_staff');
const models = (db: Db) => db<VesselModelRow>('vessel_models');

export async function findCompany(db: Db, id: number): Promise<Company | null> {
  const row = await companies(db).where({ id }).first();
  return row ? toCompany(row) : null;
}

export async function companiesByIds(db: Db, ids: number[]): Promise<Map<number, Company>> {
  if (!ids.length) return new Map();
  const rows = await companies(db).whereIn('id', [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, toCompany(r)]));
}

export async function companiesOfKind(db: Db, kind: CompanyKind): Promise<Company[]> {
  return (await companies(db).where({ kind }).orderBy('name')).map(toCompany);
}

/** The company a user works for as active staff, and their place in it. */
export async function employmentOf(db: Db, userId: number): Promise<{ company: Company; member: StaffMember } | null> {
  const member = await staff(db).where({ user_id: userId, status: 'active' }).first();
  if (!member) return null;
  const company = await findCompany(db, member.company_id);
  return company ? { company, member: toStaffMember(member) } : null;
}

export async function staffOf(db: Db, companyId: number): Promise<StaffMember[]> {
  return (await staff(db).where({ company_id: companyId }).orderBy('id')).map(toStaffMember);
}

export async function vesselModels(db: Db, manufacturerId?: number): Promise<VesselModel[]> {
  const q = models(db).orderBy('name');
  if (manufacturerId !== undefined) q.where({ manufacturer_id: manufacturerId });
  return (await q).map(toVesselModel);
}

export async function findVesselModel(db: Db, id: number): Promise<VesselModel | null> {
  const row = await models(db).where({ id }).first();
  return row ? toVesselModel(row) : null;
}

export interface CompanyFilter {
  q?: string;
  kind?: CompanyKind;
  countryCode?: string;
}

/** Companies for the admin console: `q` matches name, e-mail and website. */
export function companiesQuery(db: Db, filter: CompanyFilter) {
  const q = companies(db).select('*');
  if (filter.kind) q.where({ kind: filter.kind });
  if (filter.countryCode) q.where({ country_code: filter.countryCode });
  if (filter.q) {
    const like = `%${filter.q.toLowerCase()}%`;
    q.where((w) =>
      w
        .whereRaw('lower(name) like ?', [like])
        .orWhereRaw("lower(coalesce(email, '')) like ?", [like])
        .orWhereRaw("lower(coalesce(website, '')) like ?", [like]),
    );
  }
  return q;
}

export const COMPANY_SORTS = { name: 'name', kind: 'kind', createdAt: 'created_at', countryCode: 'country_code', id: 'id' };

export async function insertCompany(db: Db, kind: CompanyKind, input: CompanyInput): Promise<number> {
  const now = nowIso();
  return insertId(db, 'companies', {
    name: input.name,
    kind,
    email: input.email ?? null,
    phone: input.phone ?? null,
    country_code: input.countryCode ?? null,
    website: input.website ?? null,
    created_at: now,
    updated_at: now,
  });
}

export async function updateCompany(db: Db, id: number, input: Partial<CompanyInput>): Promise<void> {
  const row: Partial<CompanyRow> = { updated_at: nowIso() };
  if (input.name !== undefined) row.name = input.name;
  if (input.email !== undefined) row.email = input.email;
  if (input.phone !== undefined) row.phone = input.phone;
  if (input.countryCode !== undefined) row.country_code = input.countryCode;
  if (input.website !== undefined) row.website = input.website;
  await companies(db).where({ id }).update(row);
}

export const companyNameTaken = async (db: Db, kind: CompanyKind, name: string, exceptId?: number): Promise<boolean> => {
  const q = companies(db).where({ kind }).whereRaw('lower(name) = ?', [name.toLowerCase()]);
  if (exceptId !== undefined) q.whereNot({ id: exceptId });
  return (await q.first('id')) !== undefined;
};

export const countCompanies = async (db: Db): Promise<number> => Number((await companies(db).count<{ n: number | string }[]>({ n: '*' }).first())?.n ?? 0);

export async function staffCounts(db: Db, companyIds: number[]): Promise<Map<number, number>> {
  if (!companyIds.length) return new Map();
  const rows = await staff(db)
    .whereIn('company_id', companyIds)
    .where({ status: 'active' })
    .groupBy('company_id')
    .select('company_id')
    .count<{ company_id: number; n: number | string }[]>({ n: '*' });
  return new Map(rows.map((r) => [r.company_id, Number(r.n)]));
}

export async function insertVesselModel(db: Db, input: VesselModelInput): Promise<number> {
  return insertId(db, 'vessel_models', { name: input.name, manufacturer_id: input.manufacturerId, length_m: input.lengthM ?? null, created_at: nowIso() });
}

export async function updateVesselModel(db: Db, id: number, input: Partial<VesselModelInput>): Promise<void> {
  const row: Partial<VesselModelRow> = {};
  if (input.name !== undefined) row.name = input.name;
  if (input.manufacturerId !== undefined) row.manufacturer_id = input.manufacturerId;
  if (input.lengthM !== undefined) row.length_m = input.lengthM;
  if (Object.keys(row).length) await models(db).where({ id }).update(row);
}

export const modelNameTaken = async (db: Db, manufacturerId: number, name: string, exceptId?: number): Promise<boolean> => {
  const q = models(db).where({ manufacturer_id: manufacturerId }).whereRaw('lower(name) = ?', [name.toLowerCase()]);
  if (exceptId !== undefined) q.whereNot({ id: exceptId });
  return (await q.first('id')) !== undefined;
};

export const modelImageFileId = async (db: Db, id: number): Promise<string | null> =>
  (await models(db).where({ id }).first('image_file_id'))?.image_file_id ?? null;

export async function setModelImage(db: Db, id: number, fileId: string | null): Promise<void> {
  await models(db).where({ id }).update({ image_file_id: fileId });
}

export async function deleteVesselModel(db: Db, id: number): Promise<void> {
  await models(db).where({ id }).delete();
}
