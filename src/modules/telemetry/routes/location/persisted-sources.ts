import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import { locationSourceParams } from '../../schemas.js';
import type { SourcesService } from '../../service.js';

/** GET vessel/location/{vesselId}/persistedSources: message sources that have reported a position (deviceManager VIEW). */
export const persistedLocationSources = (sources: SourcesService) =>
  defineRoute<{ Params: { vesselId: number } }>({
    method: 'GET',
    path: '/api/vessel/location/{vesselId}/persistedSources',
    options: {
      tags: ['api', 'vessel', 'location'],
      description: 'Message sources that have reported a position: {uid, bus, enabled, lastSeen} (deviceManager VIEW)',
      validate: { params: locationSourceParams },
      plugins: { vessel: { param: 'vesselId', needs: [DEVICES_VIEW], bridge: true } },
      handler: (request) => sources.positionSources(vesselOf(request).bridge),
    },
  });
