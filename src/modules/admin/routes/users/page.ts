import Joi from 'joi';
import { pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { UserFilter } from '../../../auth/api.js';
import type { Administration } from '../../service.js';
import { adminOnly } from '../admin-only.js';

/** POST admin/users/page {page, size, sort, filter: {q, status, isAdmin}}. */
export const usersPage = (admin: Administration) =>
  defineRoute<{ Payload: PageRequest<UserFilter> }>({
    method: 'POST',
    path: '/api/admin/users/page',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'A page of users; filter: q (e-mail and names), status, isAdmin',
      validate: {
        payload: pageRequestSchema(
          Joi.object({
            q: Joi.string().max(200).allow(''),
            status: Joi.string().valid('pending', 'active', 'suspended'),
            isAdmin: Joi.boolean(),
          }),
        ),
      },
      handler: (request) => admin.pageUsers(request.payload),
    },
  });
