import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { ALERTS_MANAGE, vesselOf } from '../../../access/api.js';
import type { ServiceRequestInput } from '../../../../../contracts/service-requests.js';
import type { ServiceRequests } from '../../requests.js';
import { alertParams, requestPayload } from '../../schemas.js';

/** POST vessel/{id}/alerts/{alertId}/serviceRequest {companyId, message?}: asks a company with access to look at an alarm (alertManager MANAGE). */
export const askCompany = (requests: ServiceRequests) =>
  defineRoute<{ Params: { id: number; alertId: number }; Payload: ServiceRequestInput }>({
    method: 'POST',
    path: '/api/vessel/{id}/alerts/{alertId}/serviceRequest',
    options: {
      tags: ['api', 'service'],
      description:
        'Ask a company with access to the vessel to look at an alarm: a service request with the alarm and its values’ last 24 h, and a thread with the company’s staff',
      validate: { params: alertParams, payload: requestPayload },
      plugins: { vessel: { needs: [ALERTS_MANAGE] } },
      async handler(request) {
        const { vesselId, access } = vesselOf(request);
        const made = await requests.ask({ vesselId, userId: callerOf(request).id, access }, request.params.alertId, request.payload);
        auditTarget(request, { targetType: 'serviceRequest', targetId: made.id, vesselId });
        return made;
      },
    },
  });
