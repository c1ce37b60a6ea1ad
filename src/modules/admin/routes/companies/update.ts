import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { updateCompany, type CompanyInput } from '../../../org/api.js';
import { adminOnly } from '../admin-only.js';
import { companyFields } from './schemas.js';

/** PUT admin/companies/{id}: edit a company's details (its kind stays). */
export const editCompany = (db: Db) =>
  defineRoute<{ Params: { id: number }; Payload: Partial<CompanyInput> }>({
    method: 'PUT',
    path: '/api/admin/companies/{id}',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: "Edit a company's name, e-mail, phone, country or website",
      validate: { params: Joi.object({ id: Joi.number().integer().min(1).required() }), payload: Joi.object(companyFields).min(1) },
      async handler(request) {
        auditTarget(request, { targetType: 'company', targetId: request.params.id });
        return updateCompany(db, request.params.id, request.payload);
      },
    },
  });
