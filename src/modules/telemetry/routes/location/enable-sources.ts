import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE, vesselOf } from '../../../access/api.js';
import { locationSourceParams, sourceUid } from '../../schemas.js';
import type { SourcesService } from '../../service.js';

/** POST vessel/location/{vesselId}/enableSources {uids}: positions only from these sources from now on (deviceManager MANAGE). */
export const enableLocationSources = (sources: SourcesService) =>
  defineRoute<{ Params: { vesselId: number }; Payload: { uids: string[] } }>({
    method: 'POST',
    path: '/api/vessel/location/{vesselId}/enableSources',
    options: {
      tags: ['api', 'vessel', 'location'],
      description: 'Take positions only from these message sources from now on; answers the enabled sources (deviceManager MANAGE)',
      validate: { params: locationSourceParams, payload: Joi.object({ uids: Joi.array().items(sourceUid).max(100).unique().required() }) },
      plugins: { vessel: { param: 'vesselId', needs: [DEVICES_MANAGE], bridge: true } },
      handler(request) {
        const { vesselId, bridge } = vesselOf(request);
        const { uids } = request.payload;
        auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId, details: { uids } });
        return sources.setLocationSources(bridge, uids);
      },
    },
  });
