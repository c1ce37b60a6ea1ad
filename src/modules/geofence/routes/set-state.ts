import Boom from '@hapi/boom';
import { auditTarget } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { setGeofenceEnabled } from '../repository.js';
import type { GeofenceWatch } from '../watch.js';
import { geofenceView, LOCATION_SERVICES, SECURITY_MANAGE, stateParams } from './support.js';

/** POST vessel/{id}/geofence/{state}: on (true) or off (false) (allowLocationServices, securityManager MANAGE). */
export const setGeofenceState = (ctx: AppContext, watch: GeofenceWatch) =>
  defineRoute<{ Params: { id: number; state: boolean } }>({
    method: 'POST',
    path: '/api/vessel/{id}/geofence/{state}',
    options: {
      tags: ['api', 'vessel'],
      description: 'Turn the geofence on (true) or off (false)',
      validate: { params: stateParams },
      plugins: { vessel: { needs: [LOCATION_SERVICES, SECURITY_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const { state } = request.params;
        auditTarget(request, { targetType: 'geofence', targetId: vesselId, vesselId, details: { enabled: state } });
        const updated = await setGeofenceEnabled(ctx.db, vesselId, state);
        if (!updated) throw Boom.notFound('This vessel has no geofence yet');
        await watch.changed(vesselId);
        return geofenceView(updated);
      },
    },
  });
