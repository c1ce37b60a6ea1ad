import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { NotesService } from '../../notes/service.js';
import { idParams } from '../../schemas.js';

/** GET vessel/{id}/notes: every member reads the notes, newest first. */
export const listNotes = (notes: NotesService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/notes',
    options: {
      tags: ['api', 'vessel'],
      description: 'Notes on the vessel, newest first',
      validate: { params: idParams },
      plugins: { vessel: {} },
      handler: (request) => notes.list(vesselOf(request).vesselId),
    },
  });
