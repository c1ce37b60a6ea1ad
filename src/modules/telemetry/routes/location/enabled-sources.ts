import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import { locationSourceParams } from '../../schemas.js';
import type { SourcesService } from '../../service.js';

/** GET vessel/location/{vesselId}/enabledSources: message sources whose positions are kept (deviceManager VIEW). */
export const enabledLocationSources = (sources: SourcesService) =>
  defineRoute<{ Params: { vesselId: number } }>({
    method: 'GET',
    path: '/api/vessel/location/{vesselId}/enabledSources',
    options: {
      tags: ['api', 'vessel', 'location'],
      description: 'Message sources whose positions go into the location history (deviceManager VIEW)',
      validate: { params: locationSourceParams },
      plugins: { vessel: { param: 'vesselId', needs: [DEVICES_VIEW], bridge: true } },
      handler: (request) => sources.enabledPositionSources(vesselOf(request).bridge),
    },
  });
