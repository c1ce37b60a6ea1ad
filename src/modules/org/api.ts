/**
 * What other modules may ask of the org module (companies and their staff): plain functions
 * taking the database.
 */
import type { Db } from '../../db/knex.js';
import * as repo from './repository.js';
import type { Company } from './repository.js';

export type { Company, CompanyKind } from './repository.js';
export const COMPANY_KINDS: repo.CompanyKind[] = ['dealer', 'manufacturer', 'contractor'];

/** The company a user works for (as active staff), or null for a private person. */
export async function findCompanyOf(db: Db, userId: number): Promise<Company | null> {
  return (await repo.employmentOf(db, userId))?.company ?? null;
}

export const findCompany = (db: Db, id: number): Promise<Company | null> => repo.findCompany(db, id);

export const companiesByIds = (db: Db, ids: number[]): Promise<Map<number, Company>> => repo.companiesByIds(db, ids);

/** Companies the user works for as active staff (the access module's directory). */
export const staffCompaniesOf = (db: Db, userId: number): Promise<Array<{ companyId: number; paused: boolean }>> => repo.activeStaffCompaniesOf(db, userId);
