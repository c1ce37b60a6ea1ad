import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { idParams } from '../../schemas.js';
import type { ClientsService } from '../../clients-service.js';

/** GET org/clients/{id}/notes: the staff’s notes on a client, newest first. */
export const clientNotes = (svc: ClientsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/org/clients/{id}/notes',
    options: {
      tags: ['api', 'org'],
      description: 'Notes on a client',
      validate: { params: idParams },
      async handler(request) {
        return svc.notes(callerOf(request).id, request.params.id);
      },
    },
  });
