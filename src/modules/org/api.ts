/**
 * What other modules may ask of the org module (companies and their staff).
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';

export type CompanyKind = 'dealer' | 'manufacturer' | 'contractor';
export const COMPANY_KINDS: CompanyKind[] = ['dealer', 'manufacturer', 'contractor'];

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

export const toCompany = (r: any): Company => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  email: r.email ?? null,
  phone: r.phone ?? null,
  countryCode: r.country_code ?? null,
  website: r.website ?? null,
  createdAt: r.created_at,
});

/** The company a user works for (as active staff), or null for a private person. */
export async function findCompanyOf(db: Database | Knex.Transaction, userId: number): Promise<Company | null> {
  const row = await db('company_staff as s')
    .join('companies as c', 'c.id', 's.company_id')
    .where({ 's.user_id': userId, 's.status': 'active' })
    .first('c.*');
  return row ? toCompany(row) : null;
}

export async function findCompany(db: Database | Knex.Transaction, id: number): Promise<Company | null> {
  const row = await db('companies').where({ id }).first();
  return row ? toCompany(row) : null;
}

export async function companiesByIds(db: Database | Knex.Transaction, ids: number[]): Promise<Map<number, Company>> {
  if (!ids.length) return new Map();
  const rows = await db('companies').whereIn('id', [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, toCompany(r)]));
}

/** Companies the user works for as active staff (the access module's directory). */
export async function staffCompaniesOf(db: Database | Knex.Transaction, userId: number): Promise<Array<{ companyId: number; paused: boolean }>> {
  const rows: Array<{ company_id: number; paused: boolean | number }> = await db('company_staff').where({ user_id: userId, status: 'active' }).select('company_id', 'paused');
  return rows.map((r) => ({ companyId: r.company_id, paused: Boolean(r.paused) }));
}
