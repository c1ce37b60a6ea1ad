import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE } from '../../../access/api.js';
import type { AlertLifecycle } from '../../lifecycle.js';
import { managedVessel, silencePayload, type SilencePayload, vesselParams } from './support.js';

/** POST vessel/{id}/alerts/silenceAll {seconds?} (alertManager MANAGE): how many were silenced. */
export const silenceAllAlerts = (lifecycle: AlertLifecycle) =>
  defineRoute<{ Params: { id: number }; Payload: SilencePayload }>({
    method: 'POST',
    path: '/api/vessel/{id}/alerts/silenceAll',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description: "Silence all the vessel's unacknowledged active alerts for `seconds` (as silence) (alertManager MANAGE); answers how many were silenced",
      validate: { params: vesselParams, payload: silencePayload },
      plugins: { vessel: { needs: [ALERTS_MANAGE], bridge: true } },
      async handler(request) {
        const { vesselId, bridge } = managedVessel(request);
        if (!bridge) return { silenced: 0 };
        return { silenced: await lifecycle.silenceAll(vesselId, bridge.id, callerOf(request).id, request.payload?.seconds) };
      },
    },
  });
