import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE } from '../../../access/api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import { alertParams, managedAlert, silencePayload, type SilencePayload } from './support.js';

/** POST vessel/{id}/alerts/{alertId}/silence {seconds?} (alertManager MANAGE). */
export const silenceAlert = (ctx: AppContext, lifecycle: AlertLifecycle) =>
  defineRoute<{ Params: { id: number; alertId: number }; Payload: SilencePayload }>({
    method: 'POST',
    path: '/api/vessel/{id}/alerts/{alertId}/silence',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: 'Silence an unacknowledged alert for `seconds` (default 30, at most 3600; an emergency at most 60) (alertManager MANAGE)',
      validate: { params: alertParams, payload: silencePayload },
      plugins: { vessel: { needs: [ALERTS_MANAGE], bridge: true } },
      async handler(request) {
        const { vesselId, alert } = await managedAlert(ctx, request, request.params.alertId);
        return lifecycle.silence(vesselId, alert, callerOf(request).id, request.payload?.seconds);
      },
    },
  });
