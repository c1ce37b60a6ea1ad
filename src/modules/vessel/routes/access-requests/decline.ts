import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { AccessRequestsService } from '../../access-requests/service.js';
import { vesselId } from '../../schemas.js';

/** POST vessel/{id}/accessRequests/{requestId}/decline (userManager MANAGE); the asker may ask again later. */
export const declineAccessRequest = (requests: AccessRequestsService) =>
  defineRoute<{ Params: { id: number; requestId: number } }>({
    method: 'POST',
    path: '/api/vessel/{id}/accessRequests/{requestId}/decline',
    options: {
      tags: ['api', 'vessel'],
      description: 'Decline a request for access (needs userManager MANAGE)',
      validate: { params: Joi.object({ id: vesselId.required(), requestId: Joi.number().integer().min(1).required() }) },
      plugins: { vessel: { needs: [{ area: 'userManager', level: 'MANAGE' }] } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, {
          targetType: 'vessel',
          targetId: scope.vesselId,
          vesselId: scope.vesselId,
          details: { accessRequest: request.params.requestId },
        });
        await requests.decline(scope, request.params.requestId);
        return { requestId: request.params.requestId, declined: true };
      },
    },
  });
