import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { sessionIdOf } from '../../../auth/api.js';
import { changePasswordPayload } from '../../schemas.js';
import type { ProfileService } from '../../service.js';

/** POST profile/changePassword: the current password is re-checked (limited per user); the other sessions end. */
export const changePassword = (profile: ProfileService) =>
  defineRoute<{ Payload: { currentPassword: string; newPassword: string } }>({
    method: 'POST',
    path: '/api/profile/changePassword',
    options: {
      tags: ['api', 'profile'],
      description: 'Change your password; your other sessions end (429 after too many wrong current passwords)',
      validate: { payload: changePasswordPayload },
      async handler(request) {
        const { id } = callerOf(request);
        auditTarget(request, { targetType: 'user', targetId: id });
        await profile.changePassword(id, sessionIdOf(request), request.payload.currentPassword, request.payload.newPassword);
        return { message: 'Your password has been changed' };
      },
    },
  });
