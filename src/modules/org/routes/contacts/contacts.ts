import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ReqRefDefaults } from '@hapi/hapi';
import type { NetworkService } from '../../network-service.js';

/** GET org/contacts: clients, contractors, dealers, manufacturers and staff of the caller’s company. */
export const contacts = (svc: NetworkService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/contacts',
    options: {
      tags: ['api', 'org'],
      description: 'Your company’s contacts',
      async handler(request) {
        return svc.contacts(callerOf(request).id);
      },
    },
  });
