import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** GET profile/preferences: unit system, theme, time format and time zone. */
export const preferences = (profile: ProfileService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/profile/preferences',
    options: {
      tags: ['api', 'profile'],
      description: 'Your unit system, theme, time format and time zone',
      handler: (request) => profile.preferences(callerOf(request).id),
    },
  });
