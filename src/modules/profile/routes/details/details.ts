import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** GET profile/details: the Profile shape of docs/api.md. */
export const details = (profile: ProfileService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/profile/details',
    options: { tags: ['api', 'profile'], description: 'Your profile', handler: (request) => profile.profile(callerOf(request).id) },
  });
