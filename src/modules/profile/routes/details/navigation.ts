import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** GET profile/navigation: the components the caller may see, by menuOrder. */
export const navigation = (profile: ProfileService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/profile/navigation',
    options: {
      tags: ['api', 'profile'],
      description: 'The navigation components you may see, sorted by menuOrder',
      handler: (request) => profile.navigation(callerOf(request).id),
    },
  });
