/** The utility module's tables: countries, languages, error_reports. Only this file touches them. */
import type { Db } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';

export interface CountryRow {
  code: string;
  name: string;
}

export interface LanguageRow {
  code: string;
  name: string;
}

export interface ErrorReportRow {
  id: number;
  status: number | null;
  displayed_msg: string | null;
  timestamp: string;
  timezone: string | null;
  platform: string;
  ui_version: string | null;
  browser: string | null;
  os: string | null;
  endpoint: string | null;
  request_data: string | null;
  comment: string | null;
  user_id: number | null;
  user_name: string | null;
  vessel_id: number | null;
  vessel_name: string | null;
  environment: string | null;
  created_at: string;
}

/** A reference entry as the API answers it (the rows are already that shape). */
export type Reference = CountryRow;

export const countries = (db: Db): Promise<Reference[]> => db<CountryRow>('countries').orderBy('name').select('code', 'name');

export const languages = (db: Db): Promise<Reference[]> => db<LanguageRow>('languages').orderBy('name').select('code', 'name');

export const findLanguage = (db: Db, code: string): Promise<LanguageRow | undefined> => db<LanguageRow>('languages').where({ code }).first();

export async function insertLanguage(db: Db, language: Reference): Promise<void> {
  await db<LanguageRow>('languages').insert({ code: language.code, name: language.name });
}

export const insertErrorReport = (db: Db, report: Omit<ErrorReportRow, 'id' | 'created_at'>): Promise<number> =>
  insertId(db, 'error_reports', { ...report, created_at: nowIso() });
