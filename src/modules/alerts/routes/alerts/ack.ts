import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE } from '../../../access/api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import { alertParams, managedAlert } from './support.js';

/** POST vessel/{id}/alerts/{alertId}/ack (alertManager MANAGE). */
export const acknowledgeAlert = (ctx: AppContext, lifecycle: AlertLifecycle) =>
  defineRoute<{ Params: { id: number; alertId: number } }>({
    method: 'POST',
    path: '/api/vessel/{id}/alerts/{alertId}/ack',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: 'Acknowledge an alert (alertManager MANAGE); a rectified alert is cleared by it',
      validate: { params: alertParams },
      plugins: { vessel: { needs: [ALERTS_MANAGE], bridge: true } },
      async handler(request) {
        const { vesselId, alert } = await managedAlert(ctx, request, request.params.alertId);
        return lifecycle.acknowledge(vesselId, alert, callerOf(request).id);
      },
    },
  });
