import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { DocumentsService } from '../../documents/service.js';
import { vesselId } from '../../schemas.js';

/** DELETE vessel/{id}/documents/{documentId} (documents MANAGE). */
export const deleteDocument = (documents: DocumentsService) =>
  defineRoute<{ Params: { id: number; documentId: number } }>({
    method: 'DELETE',
    path: '/api/vessel/{id}/documents/{documentId}',
    options: {
      tags: ['api', 'vessel'],
      description: 'Delete a document (needs documents MANAGE)',
      validate: { params: Joi.object({ id: vesselId.required(), documentId: Joi.number().integer().required() }) },
      plugins: { vessel: { needs: [{ area: 'documents', level: 'MANAGE' }] } },
      async handler(request) {
        const scope = vesselOf(request);
        const { documentId } = request.params;
        auditTarget(request, { targetType: 'document', targetId: documentId, vesselId: scope.vesselId });
        await documents.remove(scope.vesselId, documentId);
        return { id: documentId, deleted: true };
      },
    },
  });
