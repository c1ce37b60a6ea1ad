import Boom from '@hapi/boom';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE } from '../../../access/api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import { alertParams, managedAlert } from './support.js';

/** POST vessel/{id}/alerts/{alertId}/unshelve: the alert's point back in service now (alertManager MANAGE). */
export const unshelveAlert = (ctx: AppContext, lifecycle: AlertLifecycle) =>
  defineRoute<{ Params: { id: number; alertId: number } }>({
    method: 'POST',
    path: '/api/vessel/{id}/alerts/{alertId}/unshelve',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: "Put the alert's shelved point back in service now (alertManager MANAGE)",
      validate: { params: alertParams },
      plugins: { vessel: { needs: [ALERTS_MANAGE], bridge: true } },
      async handler(request) {
        const { vesselId, alert } = await managedAlert(ctx, request, request.params.alertId);
        if (!(await lifecycle.unshelve(vesselId, alert, callerOf(request).id))) throw Boom.conflict('This alert is not shelved');
        return { alertId: alert.id, shelved: false };
      },
    },
  });
