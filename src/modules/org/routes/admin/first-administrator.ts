import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { Limiter } from '../../../../platform/rate-limit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { email } from '../../../auth/api.js';
import type { StaffService } from '../../staff-service.js';

/** POST admin/companies/{id}/administrator?email=: invites a company's first administrator (platform administrators). */
export const inviteFirstAdministrator = (staff: StaffService, invitations: Limiter) =>
  defineRoute<{ Params: { id: number }; Query: { email: string } }>({
    method: 'POST',
    path: '/api/admin/companies/{id}/administrator',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'org'],
      description: "Invite a company's first administrator, who then invites its staff; refused once it has one",
      validate: {
        params: Joi.object({ id: Joi.number().integer().min(1).required() }),
        query: Joi.object({ email: email.required() }),
      },
      async handler(request) {
        await invitations.consume(String(callerOf(request).id));
        auditTarget(request, { targetType: 'company', targetId: request.params.id, details: { invited: request.query.email } });
        return staff.inviteFirstAdministrator(request.params.id, request.query.email, callerOf(request).id);
      },
    },
  });
