import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { NotesService } from '../../notes/service.js';
import { vesselId } from '../../schemas.js';

/** DELETE vessel/{id}/notes/{noteId}: the author or the owner. */
export const deleteNote = (notes: NotesService) =>
  defineRoute<{ Params: { id: number; noteId: number } }>({
    method: 'DELETE',
    path: '/api/vessel/{id}/notes/{noteId}',
    options: {
      tags: ['api', 'vessel'],
      description: 'Delete a note (its author or the owner)',
      validate: { params: Joi.object({ id: vesselId.required(), noteId: Joi.number().integer().min(1).required() }) },
      plugins: { vessel: {} },
      async handler(request) {
        const scope = vesselOf(request);
        const { noteId } = request.params;
        auditTarget(request, { targetType: 'note', targetId: noteId, vesselId: scope.vesselId });
        await notes.remove(scope, noteId);
        return { id: noteId, deleted: true };
      },
    },
  });
