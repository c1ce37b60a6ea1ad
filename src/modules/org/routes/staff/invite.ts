import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { Limiter } from '../../../../platform/rate-limit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { email } from '../../../auth/api.js';
import type { StaffService } from '../../staff-service.js';

/** POST org/inviteStaff?email=: needs manageStaff; e-mails an invitation valid for 14 days. */
export const inviteStaff = (svc: StaffService, limiter: Limiter) =>
  defineRoute<{ Query: { email: string } }>({
    method: 'POST',
    path: '/api/org/inviteStaff',
    options: {
      tags: ['api', 'org'],
      description: 'Invite a staff member by e-mail',
      validate: { query: Joi.object({ email: email.required() }) },
      async handler(request) {
        const caller = callerOf(request);
        await limiter.consume(String(caller.id));
        const member = await svc.invite(caller.id, request.query.email);
        auditTarget(request, { targetType: 'company_staff', targetId: member.id });
        return member;
      },
    },
  });
