/** The utility module's tables: countries, languages, error_reports. Only this file touches them. */
import type { Db } from '../../db/knex.js';
import { deleteSome, insertId, nowIso } from '../../db/knex.js';

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

export interface ErrorReportFilter {
  q?: string;
  platform?: string;
  status?: number;
  userId?: number;
  vesselId?: number;
  from?: string;
  to?: string;
}

/** Error reports for the admin console: `q` matches the message, endpoint, comment, reporter and vessel. */
export function errorReportsQuery(db: Db, f: ErrorReportFilter) {
  const q = db<ErrorReportRow>('error_reports').select('*');
  if (f.platform) q.where({ platform: f.platform });
  if (f.status !== undefined) q.where({ status: f.status });
  if (f.userId !== undefined) q.where({ user_id: f.userId });
  if (f.vesselId !== undefined) q.where({ vessel_id: f.vesselId });
  if (f.from) q.where('created_at', '>=', f.from);
  if (f.to) q.where('created_at', '<', f.to);
  if (f.q) {
    const like = `%${f.q.toLowerCase()}%`;
    q.where((w) => {
      for (const column of ['displayed_msg', 'endpoint', 'comment', 'user_name', 'vessel_name', 'browser', 'os'])
        w.orWhereRaw(`lower(coalesce(${column}, '')) like ?`, [like]);
    });
  }
  return q;
}

export const ERROR_REPORT_SORTS = { createdAt: 'created_at', timestamp: 'timestamp', status: 'status', platform: 'platform', id: 'id' };

export const findErrorReport = (db: Db, id: number): Promise<ErrorReportRow | undefined> => db<ErrorReportRow>('error_reports').where({ id }).first();

/** When each report since the given moment was received (the admin overview's chart). */
export async function errorReportTimesSince(db: Db, sinceIso: string): Promise<string[]> {
  return (await db<ErrorReportRow>('error_reports').where('created_at', '>=', sinceIso).select('created_at')).map((r) => r.created_at);
}

/** Retention: up to `limit` error reports received before `cutoffIso`. */
export async function pruneErrorReports(db: Db, cutoffIso: string, limit: number): Promise<number> {
  return deleteSome(db, 'error_reports', (q) => q.where('created_at', '<', cutoffIso), limit);
}
