import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { DocumentsService } from '../../documents/service.js';
import { idParams } from '../../schemas.js';

/** GET vessel/{id}/documents (documents VIEW). */
export const listDocuments = (documents: DocumentsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/documents',
    options: {
      tags: ['api', 'vessel'],
      description: 'Documents of the vessel (needs documents VIEW)',
      validate: { params: idParams },
      plugins: { vessel: { needs: [{ area: 'documents', level: 'VIEW' }] } },
      handler: (request) => documents.list(vesselOf(request).vesselId),
    },
  });
