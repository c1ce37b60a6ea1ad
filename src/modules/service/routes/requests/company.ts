import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ServiceRequests } from '../../requests.js';

/** GET org/serviceRequests: the requests waiting on the caller's company, on the vessels they reach through it. */
export const companyServiceRequests = (requests: ServiceRequests) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/serviceRequests',
    options: {
      tags: ['api', 'service'],
      description: 'Service requests to your company on the vessels you reach through it: every open one, newest first, then the 20 done most recently',
      handler: (request) => requests.ofCaller(callerOf(request).id),
    },
  });
