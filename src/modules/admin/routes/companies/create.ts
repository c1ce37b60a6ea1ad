import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { createCompany, type CompanyInput, type CompanyKind } from '../../../org/api.js';
import { adminOnly } from '../admin-only.js';
import { companyFields, companyKind } from './schemas.js';

/** POST admin/companies/dealer|manufacturer|contractor: 409 when one of that kind has the name. */
export const createCompanyOfKind = (db: Db) =>
  defineRoute<{ Params: { kind: CompanyKind }; Payload: CompanyInput }>({
    method: 'POST',
    path: '/api/admin/companies/{kind}',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Create a dealer, manufacturer or contractor {name, email?, phone?, countryCode?, website?}',
      validate: {
        params: Joi.object({ kind: companyKind.required() }),
        payload: Joi.object({ ...companyFields, name: companyFields.name.required() }),
      },
      async handler(request) {
        const company = await createCompany(db, request.params.kind, request.payload);
        auditTarget(request, { targetType: 'company', targetId: company.id });
        return company;
      },
    },
  });
