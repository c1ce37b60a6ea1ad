import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import { findErrorReport, pageErrorReports, type ErrorReportFilter } from '../../../utility/api.js';
import { pageQuery } from '../../schemas.js';
import { adminOnly } from '../admin-only.js';
import { errorReportFilter } from './schemas.js';

const SORT_NOTE = 'sort: createdAt (default, newest first), timestamp, status, platform';

/** GET admin/errorReports: the reports the web app sent (utility/error), paged by query, newest first. */
export const listErrorReports = (db: Db) =>
  defineRoute<{ Query: { page: number; size: number; sort?: string } & ErrorReportFilter }>({
    method: 'GET',
    path: '/api/admin/errorReports',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: `Error reports sent by the apps, paged (page, size, sort) and searchable (q, platform, status, userId, vesselId, from, to); ${SORT_NOTE}`,
      validate: { query: Joi.object({ ...pageQuery, ...errorReportFilter }) },
      handler(request) {
        const { page, size, sort, ...filter } = request.query;
        return pageErrorReports(db, { page, size, sort, filter });
      },
    },
  });

/** POST admin/errorReports/page {page, size, sort, filter}. */
export const errorReportsPage = (db: Db) =>
  defineRoute<{ Payload: PageRequest<ErrorReportFilter> }>({
    method: 'POST',
    path: '/api/admin/errorReports/page',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: `A page of error reports; filter: q, platform, status, userId, vesselId, from, to; ${SORT_NOTE}`,
      validate: { payload: pageRequestSchema(Joi.object(errorReportFilter)) },
      handler: (request) => pageErrorReports(db, request.payload),
    },
  });

/** GET admin/errorReports/{id}: one report with its request data. */
export const showErrorReport = (db: Db) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/admin/errorReports/{id}',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'One error report',
      validate: { params: Joi.object({ id: Joi.number().integer().min(1).required() }) },
      handler: (request) => findErrorReport(db, request.params.id),
    },
  });
