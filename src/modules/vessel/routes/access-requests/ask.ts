import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { AccessRequestsService } from '../../access-requests/service.js';
import { idParams } from '../../schemas.js';

/**
 * POST vessel/{id}/requestAccess: a signed-in person asks the owner for access. Not vessel-scoped
 * (the asker has none), and the answer is the same whether or not the vessel exists.
 */
export const requestAccess = (requests: AccessRequestsService, publicUrl: string) =>
  defineRoute<{ Params: { id: number }; Payload: { message?: string } | null }>({
    method: 'POST',
    path: '/api/vessel/{id}/requestAccess',
    options: {
      tags: ['api', 'vessel'],
      description: "Ask a vessel's owner for access (the owner is mailed and decides on the Users tab)",
      validate: { params: idParams, payload: Joi.object({ message: Joi.string().trim().max(500).allow('') }).allow(null) },
      async handler(request) {
        const vesselId = request.params.id;
        auditTarget(request, { targetType: 'vessel', targetId: vesselId });
        await requests.ask(callerOf(request), vesselId, request.payload?.message || null, publicUrl);
        return { vesselId, requested: true };
      },
    },
  });
