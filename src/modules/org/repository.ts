/**
 * The org module's tables: companies, company_staff, vessel_models (and the relationships and
 * clients to come). Only this file touches them; other modules go through api.ts.
 */
import type { Db } from '../../db/knex.js';
import { fileUrl } from '../../platform/files.js';

export type CompanyKind = 'dealer' | 'manufacturer' | 'contractor';
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

export interface Company {
  id: number;
  name: string;
  kind: CompanyKind;
  email: string | null;
  phone: string | null;
  countryCode: string | null;
  website: string | null;
  createdAt: string;
}

export interface StaffMember {
  id: number;
  companyId: number;
  userId: number | null;
  invitedEmail: string | null;
  role: StaffRole;
  paused: boolean;
  status: string;
}

export interface VesselModel {
  id: number;
  name: string;
  manufacturerId: number;
  lengthM: number | null;
  imageUrl: string | null;
}

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

export async function activeStaffCompaniesOf(db: Db, userId: number): Promise<Array<{ companyId: number; paused: boolean }>> {
  const rows = await staff(db).where({ user_id: userId, status: 'active' }).select('company_id', 'paused');
  return rows.map((r) => ({ companyId: r.company_id, paused: Boolean(r.paused) }));
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
