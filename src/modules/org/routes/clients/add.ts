import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { Limiter } from '../../../../platform/rate-limit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { email } from '../../../auth/api.js';
import type { ClientsService } from '../../clients-service.js';

/** POST org/clients/add?email=: needs manageClients; e-mails an invitation valid for 14 days. */
export const addClient = (svc: ClientsService, limiter: Limiter) =>
  defineRoute<{ Query: { email: string } }>({
    method: 'POST',
    path: '/api/org/clients/add',
    options: {
      tags: ['api', 'org'],
      description: 'Invite a client by e-mail',
      validate: { query: Joi.object({ email: email.required() }) },
      async handler(request) {
        const caller = callerOf(request);
        await limiter.consume(String(caller.id));
        const client = await svc.add(caller.id, request.query.email);
        auditTarget(request, { targetType: 'company_client', targetId: client.id });
        return client;
      },
    },
  });
