import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { DocumentsService } from '../../documents/service.js';
import { idParams } from '../../schemas.js';

/** POST vessel/{id}/documents (multipart `file`, `categoryId`, `name`; documents MANAGE). */
export const uploadDocument = (documents: DocumentsService, config: AppContext['config']) =>
  defineRoute<{ Params: { id: number }; Payload: { file: Buffer; categoryId?: number; name: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/documents',
    options: {
      tags: ['api', 'vessel'],
      description: 'Upload a document (multipart `file`, `categoryId`, `name`; PDF, image or text; needs documents MANAGE)',
      payload: { output: 'data', parse: true, multipart: { output: 'data' }, maxBytes: config.uploads.documentMaxBytes, allow: 'multipart/form-data' },
      plugins: { 'hapi-swagger': { payloadType: 'form' }, vessel: { needs: [{ area: 'documents', level: 'MANAGE' }] } },
      validate: {
        params: idParams,
        payload: Joi.object({ file: Joi.binary().required(), categoryId: Joi.number().integer().min(1), name: Joi.string().trim().min(1).max(200).required() }),
      },
      async handler(request) {
        const scope = vesselOf(request);
        const doc = await documents.upload(scope, request.payload);
        auditTarget(request, { targetType: 'document', targetId: doc.id, vesselId: scope.vesselId });
        return doc;
      },
    },
  });
