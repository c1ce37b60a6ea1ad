/**
 * A vessel's geofence: allowLocationServices and securityManager (VIEW to read, MANAGE to
 * change). A change is handed to the watch at once, so switching the fence off clears its alarm.
 */
import Boom from '@hapi/boom';
import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import type { SessionCredentials } from '../../auth/api.js';
import { requireAccess } from '../../vessel/api.js';
import { findGeofence, type GeofenceRow, saveGeofence, setGeofenceEnabled } from '../geofence/repository.js';
import type { GeofenceWatch } from '../geofence/watch.js';

const locationServices = { flag: 'allowLocationServices' } as const;
const VIEW = { area: 'securityManager', level: 'VIEW' } as const;
const MANAGE = { area: 'securityManager', level: 'MANAGE' } as const;

const vesselId = Joi.number().integer().min(1);
const idParams = Joi.object({ id: vesselId.required() });
const stateParams = Joi.object({ id: vesselId.required(), state: Joi.boolean().required() });

const callerId = (request: Request) => (request.auth.credentials as unknown as SessionCredentials).user.id;
const vesselIdOf = (request: Request) => (request.params as { id: number }).id;

const geofenceView = (r: GeofenceRow | null) => (r ? { enabled: r.enabled, radius: r.radius, lat: r.lat, lon: r.lon, delay: r.delay, updatedAt: r.updatedAt } : null);

export function geofenceRoutes(ctx: AppContext, watch: GeofenceWatch): ServerRoute[] {
  const { db } = ctx;
  return [
    {
      method: 'GET',
      path: '/api/vessel/{id}/geofence',
      options: {
        tags: ['api', 'vessel'],
        description: 'The geofence: a circle (radius in metres) and a delay in seconds before an alert',
        validate: { params: idParams },
        async handler(request) {
          const access = await requireAccess(db, callerId(request), vesselIdOf(request), locationServices, VIEW);
          return geofenceView(await findGeofence(db, access.vesselId));
        },
      },
    },
    {
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
        async handler(request) {
          const access = await requireAccess(db, callerId(request), vesselIdOf(request), locationServices, MANAGE);
          const fence = request.payload as { radius: number; lat: number; lon: number; delay: number };
          auditTarget(request, { targetType: 'geofence', targetId: access.vesselId, vesselId: access.vesselId, details: fence });
          const saved = await saveGeofence(db, access.vesselId, fence);
          await watch.changed(access.vesselId);
          return geofenceView(saved);
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/geofence/{state}',
      options: {
        tags: ['api', 'vessel'],
        description: 'Turn the geofence on (true) or off (false)',
        validate: { params: stateParams },
        async handler(request) {
          const access = await requireAccess(db, callerId(request), vesselIdOf(request), locationServices, MANAGE);
          const { state } = request.params as unknown as { state: boolean };
          auditTarget(request, { targetType: 'geofence', targetId: access.vesselId, vesselId: access.vesselId, details: { enabled: state } });
          const updated = await setGeofenceEnabled(db, access.vesselId, state);
          if (!updated) throw Boom.notFound('This vessel has no geofence yet');
          await watch.changed(access.vesselId);
          return geofenceView(updated);
        },
      },
    },
  ];
}
