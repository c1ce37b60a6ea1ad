import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** POST profile/delete {userId}: own id only; e-mails a confirmation code (15 minutes, single use). */
export const requestDeletion = (profile: ProfileService) =>
  defineRoute<{ Payload: { userId: number } }>({
    method: 'POST',
    path: '/api/profile/delete',
    options: {
      tags: ['api', 'profile'],
      description: 'Ask to delete your account: e-mails a confirmation code (15 minutes, single use)',
      validate: { payload: Joi.object({ userId: Joi.number().integer().required() }) },
      async handler(request) {
        const { id } = callerOf(request);
        auditTarget(request, { targetType: 'user', targetId: id });
        await profile.requestDeletion(id, request.payload.userId);
        return { message: 'A confirmation code has been sent to your e-mail address' };
      },
    },
  });
