import type { Db } from '../../../../db/knex.js';
import { pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import { pageCompanies, type CompanyFilter } from '../../../org/api.js';
import { adminOnly } from '../admin-only.js';
import { companyFilter } from './schemas.js';

/** POST admin/companies/page {page, size, sort, filter: {q, kind, countryCode}}. */
export const companiesPage = (db: Db) =>
  defineRoute<{ Payload: PageRequest<CompanyFilter> }>({
    method: 'POST',
    path: '/api/admin/companies/page',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'A page of companies. filter: q, kind, countryCode; sort: name, kind, createdAt, countryCode',
      validate: { payload: pageRequestSchema(companyFilter) },
      handler: (request) => pageCompanies(db, request.payload),
    },
  });
