import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { idParams } from '../../schemas.js';
import type { ClientsService } from '../../clients-service.js';

/** GET org/clients/{id}/details: a client of another company answers 404 like a missing one. */
export const clientDetails = (svc: ClientsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/org/clients/{id}/details',
    options: {
      tags: ['api', 'org'],
      description: 'One client',
      validate: { params: idParams },
      async handler(request) {
        return svc.details(callerOf(request).id, request.params.id);
      },
    },
  });
