import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { idParams } from '../../schemas.js';
import type { ClientsService } from '../../clients-service.js';

/** GET org/clients/{id}/vessels: the vessels the client owns and whether the company may reach each. */
export const clientVessels = (svc: ClientsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/org/clients/{id}/vessels',
    options: {
      tags: ['api', 'org'],
      description: 'A client’s vessels',
      validate: { params: idParams },
      async handler(request) {
        return svc.vesselsOf(callerOf(request).id, request.params.id);
      },
    },
  });
