import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import { vesselIdParams } from '../../schemas.js';
import type { LocationService } from '../../service.js';

/** GET vessel/{id}/geofenceRoute: the track since the vessel left its geofence (deviceManager VIEW, allowLocationServices, securityManager VIEW). */
export const geofenceRoute = (locations: LocationService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/geofenceRoute',
    options: {
      tags: ['api', 'vessel', 'location'],
      description:
        'Where the vessel has gone since it left its geofence: {outsideSince, points} (positions oldest first, within the last 7 days; none while inside or with no fence on) (deviceManager VIEW, allowLocationServices, securityManager VIEW)',
      validate: { params: vesselIdParams },
      plugins: { vessel: { needs: [DEVICES_VIEW, { flag: 'allowLocationServices' }, { area: 'securityManager', level: 'VIEW' }] } },
      handler: (request) => locations.geofenceRoute(vesselOf(request).vesselId),
    },
  });
