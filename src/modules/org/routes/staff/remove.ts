import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { StaffService } from '../../staff-service.js';

/** POST org/removeStaff/{staffId}: needs manageStaff; the member loses the company’s access at once, open live streams included. */
export const removeStaff = (svc: StaffService) =>
  defineRoute<{ Params: { staffId: number } }>({
    method: 'POST',
    path: '/api/org/removeStaff/{staffId}',
    options: {
      tags: ['api', 'org'],
      description: 'Remove a staff member',
      validate: { params: Joi.object({ staffId: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        auditTarget(request, { targetType: 'company_staff', targetId: request.params.staffId });
        await svc.remove(callerOf(request).id, request.params.staffId);
        return { id: request.params.staffId, deleted: true };
      },
    },
  });
