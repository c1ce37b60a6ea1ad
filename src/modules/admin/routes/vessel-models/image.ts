import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { auditTarget } from '../../../../platform/audit.js';
import { detectImage, storeFile } from '../../../../platform/files.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { findVesselModel, setVesselModelImage } from '../../../org/api.js';
import { notFound } from '../../../../platform/errors.js';
import { adminOnly } from '../admin-only.js';
import { modelIdParams } from './schemas.js';

/** POST admin/vesselModels/{id}/modelImage (multipart `file`): PNG, JPEG, GIF or WebP by content (415 otherwise), 413 when too large. */
export const setModelImage = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number }; Payload: { file?: Buffer } | null }>({
    method: 'POST',
    path: '/api/admin/vesselModels/{id}/modelImage',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: "Replace a vessel model's picture (multipart `file`: PNG, JPEG, GIF or WebP, checked by content)",
      payload: { output: 'data', parse: true, multipart: { output: 'data' }, maxBytes: ctx.config.uploads.imageMaxBytes, allow: 'multipart/form-data' },
      plugins: { 'hapi-swagger': { payloadType: 'form' } },
      validate: { params: modelIdParams, payload: Joi.object({ file: Joi.binary() }).unknown(true).allow(null) },
      async handler(request) {
        const { id } = request.params;
        if (!(await findVesselModel(ctx.db, id))) throw notFound('Vessel model');
        const data = request.payload?.file;
        if (!data || !Buffer.isBuffer(data)) throw Boom.badRequest('file is required');
        const mime = detectImage(data);
        const file = await storeFile(ctx.db, { data, mime, ownerUserId: callerOf(request).id });
        auditTarget(request, { targetType: 'vesselModel', targetId: id });
        return setVesselModelImage(ctx.db, id, file.id);
      },
    },
  });
