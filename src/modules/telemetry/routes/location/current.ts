import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import { vesselIdParams } from '../../schemas.js';
import type { LocationService } from '../../service.js';

/** GET vessel/{id}/location: the last known position (deviceManager VIEW: DENY hides locations, spec 6). */
export const currentLocation = (locations: LocationService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/location',
    options: {
      tags: ['api', 'vessel', 'location'],
      description:
        "The vessel's last known position, or null (deviceManager VIEW); once its cloud services have ended, the last from before they ended, with servicesEndedAt",
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: [DEVICES_VIEW] } },
      handler: (request) => locations.location(vesselOf(request).vesselId),
    },
  });
