import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE, vesselOf } from '../../../access/api.js';
import { sourceUid, vesselIdParams } from '../../schemas.js';
import type { SourcesService } from '../../service.js';

/** POST vessel/{id}/discovery/messageSources {sources}: which sources are stored; a disabled source's values are dropped on arrival (deviceManager MANAGE). */
export const setMessageSources = (sources: SourcesService) =>
  defineRoute<{ Params: { id: number }; Payload: { sources: Array<{ uid: string; enabled: boolean }> } }>({
    method: 'POST',
    path: '/api/vessel/{id}/discovery/messageSources',
    options: {
      tags: ['api', 'vessel', 'devices'],
      description: 'Enable or disable message sources; answers all sources (deviceManager MANAGE)',
      validate: {
        params: vesselIdParams,
        payload: Joi.object({
          sources: Joi.array()
            .items(Joi.object({ uid: sourceUid.required(), enabled: Joi.boolean().required() }))
            .max(500)
            .required(),
        }),
      },
      plugins: { vessel: { needs: [DEVICES_MANAGE], bridge: true } },
      handler(request) {
        const { vesselId, bridge } = vesselOf(request);
        const changes = request.payload.sources;
        auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId, details: { sources: changes } });
        return sources.setEnabled(bridge, changes);
      },
    },
  });
