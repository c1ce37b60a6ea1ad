import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { email, name, password } from '../../../auth/api.js';
import type { Administration } from '../../service.js';
import { adminOnly } from '../admin-only.js';

interface NewUser {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  isAdmin: boolean;
}

/** POST admin/users: an active account with a password; 409 for a known e-mail. */
export const createUser = (admin: Administration) =>
  defineRoute<{ Payload: NewUser }>({
    method: 'POST',
    path: '/api/admin/users',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Create an active user with a password',
      validate: {
        payload: Joi.object({
          email: email.required(),
          password: password.required(),
          firstName: name.allow(''),
          lastName: name.allow(''),
          isAdmin: Joi.boolean().default(false),
        }),
      },
      async handler(request) {
        const user = await admin.createUser(request.payload);
        auditTarget(request, { targetType: 'user', targetId: user.id });
        return user;
      },
    },
  });
