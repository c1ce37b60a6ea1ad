import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { VesselService } from '../../vessels/service.js';

/** GET vessel/basic: the caller's vessels, owned, as a member, or through their company. */
export const listVessels = (vessels: VesselService) =>
  defineRoute({
    method: 'GET',
    path: '/api/vessel/basic',
    options: {
      tags: ['api', 'vessel'],
      description: 'Your vessels: owned, as a member, or through your company',
      handler: (request) => vessels.fleetOf(callerOf(request).id),
    },
  });
