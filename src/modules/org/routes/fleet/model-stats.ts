import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ReqRefDefaults } from '@hapi/hapi';
import type { FleetService } from '../../fleet-service.js';

/** GET org/models: a manufacturer’s models, the consenting vessels on each and their alarms of the last 30 days per priority. */
export const modelStats = (svc: FleetService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/models',
    options: {
      tags: ['api', 'org'],
      description: 'Your models and their alarm statistics',
      async handler(request) {
        return svc.modelStats(callerOf(request).id);
      },
    },
  });
