import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ReqRefDefaults } from '@hapi/hapi';
import type { NetworkService } from '../../network-service.js';

/** GET org/relationships: requests made and received, and accepted relationships. */
export const listRelationships = (svc: NetworkService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/relationships',
    options: {
      tags: ['api', 'org'],
      description: 'Relationships with other companies',
      async handler(request) {
        return svc.relationships(callerOf(request).id);
      },
    },
  });
