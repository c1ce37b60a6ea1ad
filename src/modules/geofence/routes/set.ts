import Joi from 'joi';
import { auditTarget } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { saveGeofence } from '../repository.js';
import type { GeofenceWatch } from '../watch.js';
import { geofenceView, idParams, LOCATION_SERVICES, SECURITY_MANAGE } from './support.js';

type Fence = { radius: number; lat: number; lon: number; delay: number };

/** POST vessel/{id}/geofence {radius, lat, lon, delay}: sets and enables it (allowLocationServices, securityManager MANAGE). */
export const setGeofence = (ctx: AppContext, watch: GeofenceWatch) =>
  defineRoute<{ Params: { id: number }; Payload: Fence }>({
    method: 'POST',
    path: '/api/vessel/{id}/geofence',
    options: {
      tags: ['api', 'vessel'],
      description: 'Set the geofence {radius (m), lat, lon, delay (s)}; it is enabled',
      validate: {
        params: idParams,
        payload: Joi.object({
          radius: Joi.number().min(10).max(1_000_000).required(),
          lat: Joi.number().min(-90).max(90).required(),
          lon: Joi.number().min(-180).max(180).required(),
          delay: Joi.number().integer().min(0).max(86_400).default(0),
        }),
      },
      plugins: { vessel: { needs: [LOCATION_SERVICES, SECURITY_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const fence = request.payload;
        auditTarget(request, { targetType: 'geofence', targetId: vesselId, vesselId, details: fence });
        const saved = await saveGeofence(ctx.db, vesselId, fence);
        await watch.changed(vesselId);
        return geofenceView(saved);
      },
    },
  });
