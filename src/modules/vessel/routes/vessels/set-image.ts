import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { VesselService } from '../../vessels/service.js';
import { idParams } from '../../schemas.js';

/** POST vessel/{id}/vesselImage (multipart `file`): replaces the picture (allowEditVessel). */
export const setVesselImage = (vessels: VesselService, config: AppContext['config']) =>
  defineRoute<{ Params: { id: number }; Payload: { file?: Buffer } | null }>({
    method: 'POST',
    path: '/api/vessel/{id}/vesselImage',
    options: {
      tags: ['api', 'vessel'],
      description: "Replace the vessel's picture (multipart `file`; needs allowEditVessel)",
      payload: { output: 'data', parse: true, multipart: { output: 'data' }, maxBytes: config.uploads.imageMaxBytes, allow: 'multipart/form-data' },
      plugins: { 'hapi-swagger': { payloadType: 'form' }, vessel: { needs: [{ flag: 'allowEditVessel' }] } },
      validate: { params: idParams, payload: Joi.object({ file: Joi.binary() }).unknown(true).allow(null) },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId });
        const file = request.payload?.file;
        if (!file) throw Boom.badRequest('file is required');
        return vessels.replaceImage(scope, file);
      },
    },
  });
