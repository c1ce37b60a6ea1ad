import Joi from 'joi';
import { NOTE_MAX_LENGTH } from '../../../../../contracts/notes.js';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ClientsService } from '../../clients-service.js';

/** POST org/clients/{clientId}/notes {messageText}: every staff member may write one. */
export const addClientNote = (svc: ClientsService) =>
  defineRoute<{ Params: { clientId: number }; Payload: { messageText: string } }>({
    method: 'POST',
    path: '/api/org/clients/{clientId}/notes',
    options: {
      tags: ['api', 'org'],
      description: 'Write a note on a client',
      validate: {
        params: Joi.object({ clientId: Joi.number().integer().min(1).required() }),
        payload: Joi.object({ messageText: Joi.string().trim().min(1).max(NOTE_MAX_LENGTH).required() }),
      },
      async handler(request) {
        const note = await svc.addNote(callerOf(request).id, request.params.clientId, request.payload.messageText);
        auditTarget(request, { targetType: 'company_client_note', targetId: note.id });
        return note;
      },
    },
  });
