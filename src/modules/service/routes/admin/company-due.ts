import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import type { CompanyServicesDue } from '../../company-due.js';

/** GET admin/companies/{id}/servicesDue: a company's services due across the vessels its grants reach, for platform administrators. */
export const adminCompanyServicesDue = (due: CompanyServicesDue) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/admin/companies/{id}/servicesDue',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'service'],
      description: "A company's services due across the vessels its grants reach, overdue first (as its staff see them)",
      validate: { params: Joi.object({ id: Joi.number().integer().min(1).required() }) },
      handler: (request) => due.ofCompany(request.params.id),
    },
  });
