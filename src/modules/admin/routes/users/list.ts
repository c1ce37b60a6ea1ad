import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import type { UserFilter } from '../../../auth/api.js';
import { pageQuery } from '../../schemas.js';
import type { Administration } from '../../service.js';
import { adminOnly } from '../admin-only.js';

/** GET admin/users: paged, searchable (q matches e-mail and names). */
export const listUsers = (admin: Administration) =>
  defineRoute<{ Query: { page: number; size: number; sort?: string } & UserFilter }>({
    method: 'GET',
    path: '/api/admin/users',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Users, paged and searchable (q matches e-mail and names)',
      validate: {
        query: Joi.object({
          ...pageQuery,
          q: Joi.string().max(200).allow(''),
          status: Joi.string().valid('pending', 'active', 'suspended'),
          isAdmin: Joi.boolean(),
        }),
      },
      handler(request) {
        const { page, size, sort, ...filter } = request.query;
        return admin.pageUsers({ page, size, sort, filter });
      },
    },
  });
