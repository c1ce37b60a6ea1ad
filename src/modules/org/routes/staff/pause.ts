import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { StaffService } from '../../staff-service.js';

/** POST org/pause/{staffId}/{state}: needs manageStaff; a paused member loses the company’s access at once. */
export const pauseStaff = (svc: StaffService) =>
  defineRoute<{ Params: { staffId: number; state: boolean } }>({
    method: 'POST',
    path: '/api/org/pause/{staffId}/{state}',
    options: {
      tags: ['api', 'org'],
      description: 'Pause or resume a staff member',
      validate: { params: Joi.object({ staffId: Joi.number().integer().min(1).required(), state: Joi.boolean().required() }) },
      async handler(request) {
        auditTarget(request, { targetType: 'company_staff', targetId: request.params.staffId });
        return svc.setPaused(callerOf(request).id, request.params.staffId, request.params.state);
      },
    },
  });
