import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { defineRoute } from '../../../../platform/routes.js';
import { pageCompanies, type CompanyFilter, type CompanyKind } from '../../../org/api.js';
import { adminOnly } from '../admin-only.js';
import { companyFilter, companyKind } from './schemas.js';

/** Every company matching the filter, by name (no paging: companies are a short list; POST companies/page pages). */
const everyCompany = async (db: Db, filter: CompanyFilter) => (await pageCompanies(db, { page: 0, size: 10_000, sort: 'name,asc', filter })).content;

/** GET admin/companies?q=&kind=&countryCode=: every company with its number of active staff. */
export const listCompanies = (db: Db) =>
  defineRoute<{ Query: CompanyFilter }>({
    method: 'GET',
    path: '/api/admin/companies',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Companies (dealers, manufacturers, contractors) by name; q matches name, e-mail and website',
      validate: { query: companyFilter },
      handler: (request) => everyCompany(db, request.query),
    },
  });

/** GET admin/companies/kind/{kind}: the dealers, manufacturers or contractors. */
export const companiesOfKind = (db: Db) =>
  defineRoute<{ Params: { kind: CompanyKind } }>({
    method: 'GET',
    path: '/api/admin/companies/kind/{kind}',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Companies of one kind (dealer, manufacturer or contractor), by name',
      validate: { params: Joi.object({ kind: companyKind.required() }) },
      handler: (request) => everyCompany(db, { kind: request.params.kind }),
    },
  });
