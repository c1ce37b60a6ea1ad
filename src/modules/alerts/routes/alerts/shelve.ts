import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE } from '../../../access/api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import { alertParams, managedAlert } from './support.js';

/** POST vessel/{id}/alerts/{alertId}/shelve {reason, until}: the alert's point out of service until a time (alertManager MANAGE). */
export const shelveAlert = (ctx: AppContext, lifecycle: AlertLifecycle) =>
  defineRoute<{ Params: { id: number; alertId: number }; Payload: { reason: string; until: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/alerts/{alertId}/shelve',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description:
        "Shelve the alert's point (its source and path) until `until` (ISO, at most 30 days ahead) with a reason: recorded and shown, nobody notified, back by itself (alertManager MANAGE)",
      validate: {
        params: alertParams,
        payload: Joi.object({ reason: Joi.string().trim().min(1).max(1000).required(), until: Joi.date().iso().required().raw() }),
      },
      plugins: { vessel: { needs: [ALERTS_MANAGE], bridge: true } },
      async handler(request) {
        const { vesselId, alert } = await managedAlert(ctx, request, request.params.alertId);
        const { reason, until } = request.payload;
        const shelf = await lifecycle.shelve(vesselId, alert, callerOf(request).id, reason, until);
        return { alertId: alert.id, origin: shelf.origin, path: shelf.path, reason: shelf.reason, until: shelf.until, shelvedBy: shelf.shelvedBy };
      },
    },
  });
