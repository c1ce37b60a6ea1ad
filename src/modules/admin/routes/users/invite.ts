import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { email } from '../../../auth/api.js';
import type { Administration } from '../../service.js';
import { adminOnly } from '../admin-only.js';

/** POST admin/users/invite?email=: a pending account and a link to choose a password. */
export const inviteUser = (admin: Administration) =>
  defineRoute<{ Query: { email: string } }>({
    method: 'POST',
    path: '/api/admin/users/invite',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Invite a person by e-mail: a pending account and a link to choose a password',
      validate: { query: Joi.object({ email: email.required() }) },
      async handler(request) {
        const user = await admin.inviteUser(request.query.email, callerOf(request).id);
        auditTarget(request, { targetType: 'user', targetId: user.id });
        return user;
      },
    },
  });
