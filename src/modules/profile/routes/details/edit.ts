import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { editProfilePayload } from '../../schemas.js';
import type { ProfileEdit, ProfileService } from '../../service.js';

/** POST profile/edit: details and preferences; answers the new profile. */
export const editProfile = (profile: ProfileService) =>
  defineRoute<{ Payload: ProfileEdit }>({
    method: 'POST',
    path: '/api/profile/edit',
    options: {
      tags: ['api', 'profile'],
      description: 'Change your details and preferences',
      validate: { payload: editProfilePayload },
      handler(request) {
        const { id } = callerOf(request);
        auditTarget(request, { targetType: 'user', targetId: id });
        return profile.edit(id, request.payload);
      },
    },
  });
