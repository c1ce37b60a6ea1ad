import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { VesselService } from '../../vessels/service.js';
import { vesselFields, type VesselFieldsPayload } from '../../schemas.js';

/** Multipart sends every field as text: an empty modelId means none. */
type Payload = Omit<VesselFieldsPayload, 'modelId'> & { name: string; modelId?: number | '' | null; file?: Buffer };

/** POST vessel/createWithImage (multipart): a vessel owned by the caller, with its picture. */
export const createVesselWithImage = (vessels: VesselService, config: AppContext['config']) =>
  defineRoute<{ Payload: Payload }>({
    method: 'POST',
    path: '/api/vessel/createWithImage',
    options: {
      tags: ['api', 'vessel'],
      description: 'Create a vessel with a picture (multipart: the vessel fields and `file`)',
      payload: { output: 'data', parse: true, multipart: { output: 'data' }, maxBytes: config.uploads.imageMaxBytes, allow: 'multipart/form-data' },
      plugins: { 'hapi-swagger': { payloadType: 'form' } },
      validate: {
        payload: Joi.object({
          ...vesselFields,
          name: vesselFields.name.required(),
          modelId: Joi.number().integer().min(1).allow(null, ''),
          file: Joi.binary(),
        }),
      },
      async handler(request) {
        const { file, modelId, ...fields } = request.payload;
        const view = await vessels.create(callerOf(request), { ...fields, modelId: modelId === '' ? null : modelId }, file ?? null);
        auditTarget(request, { targetType: 'vessel', targetId: view.id, vesselId: view.id });
        return view;
      },
    },
  });
