import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ReqRefDefaults } from '@hapi/hapi';
import type { FleetService } from '../../fleet-service.js';

/** GET org/fleet: the vessels owners let the company reach, with online and banner state, active alarms and position; needs useTechnicalAccess. */
export const companyFleet = (svc: FleetService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/fleet',
    options: {
      tags: ['api', 'org'],
      description: 'Your company’s fleet',
      async handler(request) {
        return svc.fleet(callerOf(request).id);
      },
    },
  });
