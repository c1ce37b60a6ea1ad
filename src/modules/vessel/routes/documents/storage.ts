import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { DocumentsService } from '../../documents/service.js';
import { idParams } from '../../schemas.js';

/** GET vessel/{id}/documentStorage: bytes used and the limit (documents VIEW). */
export const documentStorage = (documents: DocumentsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/documentStorage',
    options: {
      tags: ['api', 'vessel'],
      description: 'Bytes used by documents and the limit',
      validate: { params: idParams },
      plugins: { vessel: { needs: [{ area: 'documents', level: 'VIEW' }] } },
      handler: (request) => documents.storage(vesselOf(request).vesselId),
    },
  });
