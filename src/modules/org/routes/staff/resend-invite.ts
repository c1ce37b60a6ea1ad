import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import type { Limiter } from '../../../../platform/rate-limit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { StaffService } from '../../staff-service.js';

/** POST org/resendInvite?id=: needs manageStaff; the invitation is valid for another 14 days. */
export const resendStaffInvite = (svc: StaffService, limiter: Limiter) =>
  defineRoute<{ Query: { id: number } }>({
    method: 'POST',
    path: '/api/org/resendInvite',
    options: {
      tags: ['api', 'org'],
      description: 'Send a staff invitation again',
      validate: { query: Joi.object({ id: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        const caller = callerOf(request);
        await limiter.consume(String(caller.id));
        auditTarget(request, { targetType: 'company_staff', targetId: request.query.id });
        return svc.resendInvite(caller.id, request.query.id);
      },
    },
  });
