import Joi from 'joi';
import { NOTE_MAX_LENGTH } from '../../../../../contracts/notes.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { NotesService } from '../../notes/service.js';
import { idParams } from '../../schemas.js';

/** POST vessel/{id}/notes {messageText}: every member may write a note. */
export const createNote = (notes: NotesService) =>
  defineRoute<{ Params: { id: number }; Payload: { messageText: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/notes',
    options: {
      tags: ['api', 'vessel'],
      description: 'Add a note',
      validate: { params: idParams, payload: Joi.object({ messageText: Joi.string().trim().min(1).max(NOTE_MAX_LENGTH).required() }) },
      plugins: { vessel: {} },
      async handler(request) {
        const scope = vesselOf(request);
        const note = await notes.add(scope, request.payload.messageText);
        auditTarget(request, { targetType: 'note', targetId: note.id, vesselId: scope.vesselId });
        return note;
      },
    },
  });
