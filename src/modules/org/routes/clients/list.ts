import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ReqRefDefaults } from '@hapi/hapi';
import type { ClientsService } from '../../clients-service.js';

/** GET org/clients: every staff member sees the company’s clients and invitations. */
export const listClients = (svc: ClientsService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/clients',
    options: {
      tags: ['api', 'org'],
      description: 'Clients of your company',
      async handler(request) {
        return svc.list(callerOf(request).id);
      },
    },
  });
