/**
 * What other modules may ask of the utility module: the reference lists (the admin catalogue
 * edits the languages).
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import { paginate, type Page, type PageRequest } from '../../platform/pagination.js';
import * as repo from './repository.js';

export type { Reference } from './repository.js';

export const countries = (db: Db): Promise<repo.Reference[]> => repo.countries(db);

export const languages = (db: Db): Promise<repo.Reference[]> => repo.languages(db);

/** Adds a language users can choose; 409 when the code exists. */
export async function addLanguage(db: Db, language: repo.Reference): Promise<repo.Reference> {
  if (await repo.findLanguage(db, language.code)) throw Boom.conflict('This language already exists');
  await repo.insertLanguage(db, language);
  return { code: language.code, name: language.name };
}

export type { ErrorReportFilter } from './repository.js';

/** An error report as the admin console reads it (docs/product.md §3 record). */
export interface ErrorReportView {
  id: number;
  status: number | null;
  displayedMsg: string | null;
  timestamp: string;
  timezone: string | null;
  platform: string;
  uiVersion: string | null;
  browser: string | null;
  os: string | null;
  endpoint: string | null;
  requestData: unknown;
  comment: string | null;
  userId: number | null;
  userName: string | null;
  vesselId: number | null;
  vesselName: string | null;
  environment: string | null;
  receivedAt: string;
}

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const errorReportView = (r: repo.ErrorReportRow): ErrorReportView => ({
  id: r.id,
  status: r.status,
  displayedMsg: r.displayed_msg,
  timestamp: r.timestamp,
  timezone: r.timezone,
  platform: r.platform,
  uiVersion: r.ui_version,
  browser: r.browser,
  os: r.os,
  endpoint: r.endpoint,
  requestData: parseJson(r.request_data),
  comment: r.comment,
  userId: r.user_id,
  userName: r.user_name,
  vesselId: r.vessel_id,
  vesselName: r.vessel_name,
  environment: r.environment,
  receivedAt: r.created_at,
});

/** A page of error reports, newest first unless sorted otherwise. */
export const pageErrorReports = (db: Db, request: PageRequest<repo.ErrorReportFilter>): Promise<Page<ErrorReportView>> =>
  paginate(repo.errorReportsQuery(db, request.filter), request, repo.ERROR_REPORT_SORTS, ['created_at', 'desc'], errorReportView);

export async function findErrorReport(db: Db, id: number): Promise<ErrorReportView> {
  const row = await repo.findErrorReport(db, id);
  if (!row) throw Boom.notFound('Error report not found');
  return errorReportView(row);
}

export const errorReportTimesSince = (db: Db, sinceIso: string): Promise<string[]> => repo.errorReportTimesSince(db, sinceIso);

export const pruneErrorReports = (db: Db, cutoffIso: string, limit: number): Promise<number> => repo.pruneErrorReports(db, cutoffIso, limit);
