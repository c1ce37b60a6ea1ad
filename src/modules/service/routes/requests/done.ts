import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ServiceRequestDone } from '../../../../../contracts/service-requests.js';
import type { ServiceRequests } from '../../requests.js';
import { requestDonePayload, requestParams } from '../../schemas.js';

/** POST org/serviceRequests/{requestId}/done {notes?}: the company marks a request done, which writes the vessel's service log. */
export const markServiceRequestDone = (requests: ServiceRequests) =>
  defineRoute<{ Params: { requestId: number }; Payload: ServiceRequestDone }>({
    method: 'POST',
    path: '/api/org/serviceRequests/{requestId}/done',
    options: {
      tags: ['api', 'service'],
      description: 'Mark a service request to your company done: the vessel’s service log gets an entry (409 when it is done already)',
      validate: { params: requestParams, payload: requestDonePayload },
      async handler(request) {
        const done = await requests.markDone(callerOf(request).id, request.params.requestId, request.payload ?? {});
        auditTarget(request, { targetType: 'serviceRequest', targetId: done.id, vesselId: done.vesselId });
        return done;
      },
    },
  });
