import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { nowIso } from '../../../db/knex.js';
import { vesselOf } from '../../access/api.js';
import type { GeofenceWatch } from '../geofence-watch.js';
import { idParams, stateParams } from '../schemas.js';

const locationServices = { flag: 'allowLocationServices' } as const;

const toGeofence = (r: any) => (r ? { enabled: Boolean(r.enabled), radius: r.radius, lat: r.lat, lon: r.lon, delay: r.delay, updatedAt: r.updated_at } : null);

export function contentRoutes(ctx: AppContext, geofences: GeofenceWatch): ServerRoute[] {
  const { db } = ctx;
  return [
    // Geofence: allowLocationServices and securityManager (VIEW to read, MANAGE to change).
    {
      method: 'GET',
      path: '/api/vessel/{id}/geofence',
      options: {
        tags: ['api', 'vessel'],
        description: 'The geofence: a circle (radius in metres) and a delay in seconds before an alert',
        validate: { params: idParams },
        plugins: { vessel: { needs: [locationServices, { area: 'securityManager', level: 'VIEW' }] } },
        async handler(request) {
          const { access } = vesselOf(request);
          return toGeofence(await db('vessel_geofences').where({ vessel_id: access.vesselId }).first());
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
        plugins: { vessel: { needs: [locationServices, { area: 'securityManager', level: 'MANAGE' }] } },
        async handler(request) {
          const { access } = vesselOf(request);
          const g = request.payload as { radius: number; lat: number; lon: number; delay: number };
          auditTarget(request, { targetType: 'geofence', targetId: access.vesselId, vesselId: access.vesselId, details: g });
          const row = { vessel_id: access.vesselId, enabled: true, radius: g.radius, lat: g.lat, lon: g.lon, delay: g.delay, updated_at: nowIso() };
          await db('vessel_geofences').insert(row).onConflict('vessel_id').merge();
          await geofences.changed(access.vesselId);
          return toGeofence(row);
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
        plugins: { vessel: { needs: [locationServices, { area: 'securityManager', level: 'MANAGE' }] } },
        async handler(request) {
          const { access } = vesselOf(request);
          const { state } = request.params as unknown as { state: boolean };
          auditTarget(request, { targetType: 'geofence', targetId: access.vesselId, vesselId: access.vesselId, details: { enabled: state } });
          const updated = await db('vessel_geofences').where({ vessel_id: access.vesselId }).update({ enabled: state, updated_at: nowIso() });
          if (!updated) throw Boom.notFound('This vessel has no geofence yet');
          await geofences.changed(access.vesselId);
          return toGeofence(await db('vessel_geofences').where({ vessel_id: access.vesselId }).first());
        },
      },
    },
  ];
}
