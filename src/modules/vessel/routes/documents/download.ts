import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import { linkKeyQuery } from '../../../auth/api.js';
import type { DocumentsService } from '../../documents/service.js';
import { vesselId } from '../../schemas.js';
import { untrusted } from '../../../../platform/http.js';

/** GET vessel/{id}/documents/{documentId}/file: the content, with documents VIEW checked on every download. */
export const downloadDocument = (documents: DocumentsService) =>
  defineRoute<{ Params: { id: number; documentId: number }; Query: { linkKey?: string } }>({
    method: 'GET',
    path: '/api/vessel/{id}/documents/{documentId}/file',
    options: {
      tags: ['api', 'vessel'],
      description: 'Download a document (needs documents VIEW; a link may carry a link key as ?linkKey=)',
      plugins: { envelope: false, linkKey: true, vessel: { needs: [{ area: 'documents', level: 'VIEW' }] } },
      validate: { params: Joi.object({ id: vesselId.required(), documentId: Joi.number().integer().required() }), query: linkKeyQuery },
      async handler(request, h) {
        const file = await documents.download(vesselOf(request).vesselId, request.params.documentId);
        return untrusted(
          h
            .response(file.data)
            .type(file.mime)
            .header('cache-control', 'private, no-store')
            .header('content-disposition', `attachment; filename="${file.filename}"`),
        );
      },
    },
  });
