import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import { timeRange, vesselIdParams } from '../../schemas.js';
import type { LocationService } from '../../service.js';

/** GET vessel/{id}/locationHistory?from=&to=: where the vessel has been (deviceManager VIEW and allowLocationServices). */
export const locationHistory = (locations: LocationService) =>
  defineRoute<{ Params: { id: number }; Query: { from?: string; to?: string } }>({
    method: 'GET',
    path: '/api/vessel/{id}/locationHistory',
    options: {
      tags: ['api', 'vessel', 'location'],
      description:
        "The vessel's positions between from and to (ISO; default the last 24 hours), oldest first, thinned to at most 5000 (deviceManager VIEW and allowLocationServices)",
      validate: { params: vesselIdParams, query: timeRange('from', 'to') },
      plugins: { vessel: { needs: [DEVICES_VIEW, { flag: 'allowLocationServices' }] } },
      handler: (request) => locations.locationHistory(vesselOf(request).vesselId, request.query.from, request.query.to),
    },
  });
