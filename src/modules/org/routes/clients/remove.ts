import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ClientsService } from '../../clients-service.js';

/** DELETE org/clients/{clientId}[?code=]: needs manageClients; the first call e-mails a code, the second carries it. A pending invitation is withdrawn at once. */
export const removeClient = (svc: ClientsService) =>
  defineRoute<{ Params: { clientId: number }; Query: { code?: string } }>({
    method: 'DELETE',
    path: '/api/org/clients/{clientId}',
    options: {
      tags: ['api', 'org'],
      description: 'Unlink a client (two steps)',
      validate: { params: Joi.object({ clientId: Joi.number().integer().min(1).required() }), query: Joi.object({ code: Joi.string().trim().min(4).max(20) }) },
      async handler(request) {
        auditTarget(request, { targetType: 'company_client', targetId: request.params.clientId });
        return svc.remove(callerOf(request).id, request.params.clientId, request.query.code);
      },
    },
  });
