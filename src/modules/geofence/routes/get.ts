import type { AppContext } from '../../../platform/context.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { findGeofence } from '../repository.js';
import { geofenceView, idParams, LOCATION_SERVICES, SECURITY_VIEW } from './support.js';

/** GET vessel/{id}/geofence (allowLocationServices, securityManager VIEW). */
export const getGeofence = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/geofence',
    options: {
      tags: ['api', 'vessel'],
      description: 'The geofence: a circle (radius in metres) and a delay in seconds before an alert',
      validate: { params: idParams },
      plugins: { vessel: { needs: [LOCATION_SERVICES, SECURITY_VIEW] } },
      async handler(request) {
        return geofenceView(await findGeofence(ctx.db, vesselOf(request).vesselId));
      },
    },
  });
