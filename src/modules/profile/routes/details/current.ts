import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** GET profile/currentProfileDetails: profile, preferences and how many vessels the caller sees. */
export const currentProfileDetails = (profile: ProfileService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/profile/currentProfileDetails',
    options: {
      tags: ['api', 'profile'],
      description: 'Your profile, preferences and how many vessels you can see',
      handler: (request) => profile.current(callerOf(request).id),
    },
  });
