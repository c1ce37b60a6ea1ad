import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** POST profile/confirmDelete?code=: the account goes with the e-mailed code. */
export const confirmDeletion = (profile: ProfileService) =>
  defineRoute<{ Query: { code: string } }>({
    method: 'POST',
    path: '/api/profile/confirmDelete',
    options: {
      tags: ['api', 'profile'],
      description: 'Delete your account with the e-mailed confirmation code',
      validate: { query: Joi.object({ code: Joi.string().trim().max(20).required() }) },
      async handler(request) {
        const { id } = callerOf(request);
        auditTarget(request, { targetType: 'user', targetId: id });
        await profile.confirmDeletion(id, request.query.code);
        return { message: 'Your account has been deleted' };
      },
    },
  });
