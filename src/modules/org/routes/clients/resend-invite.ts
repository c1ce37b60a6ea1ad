import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { Limiter } from '../../../../platform/rate-limit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ClientsService } from '../../clients-service.js';

/** POST org/clients/resendInvite?clientId=: needs manageClients; the invitation is valid for another 14 days. */
export const resendClientInvite = (svc: ClientsService, limiter: Limiter) =>
  defineRoute<{ Query: { clientId: number } }>({
    method: 'POST',
    path: '/api/org/clients/resendInvite',
    options: {
      tags: ['api', 'org'],
      description: 'Send a client’s invitation again',
      validate: { query: Joi.object({ clientId: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        const caller = callerOf(request);
        await limiter.consume(String(caller.id));
        auditTarget(request, { targetType: 'company_client', targetId: request.query.clientId });
        return svc.resendInvite(caller.id, request.query.clientId);
      },
    },
  });
