import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** GET profile/vendors: companies with technical access to the caller's vessels. */
export const listVendors = (profile: ProfileService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/profile/vendors',
    options: {
      tags: ['api', 'profile'],
      description: 'Companies (dealers, contractors, manufacturers) with technical access to your vessels',
      handler: (request) => profile.vendors(callerOf(request).id),
    },
  });
