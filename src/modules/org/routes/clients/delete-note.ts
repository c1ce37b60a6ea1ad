import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ClientsService } from '../../clients-service.js';

/** DELETE org/clients/{clientId}/notes/{noteId}: its author, or a member who manages clients. */
export const deleteClientNote = (svc: ClientsService) =>
  defineRoute<{ Params: { clientId: number; noteId: number } }>({
    method: 'DELETE',
    path: '/api/org/clients/{clientId}/notes/{noteId}',
    options: {
      tags: ['api', 'org'],
      description: 'Delete a note on a client',
      validate: { params: Joi.object({ clientId: Joi.number().integer().min(1).required(), noteId: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        const { clientId, noteId } = request.params;
        auditTarget(request, { targetType: 'company_client_note', targetId: noteId });
        await svc.deleteNote(callerOf(request).id, clientId, noteId);
        return { id: noteId, deleted: true };
      },
    },
  });
