import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { STAFF_PERMISSIONS, type StaffPermissions } from '../../../../../contracts/organisation.js';
import type { StaffService } from '../../staff-service.js';

/** POST org/editStaffMember {staffId, permissions}: needs manageStaff; only the permissions given change. */
export const editStaffMember = (svc: StaffService) =>
  defineRoute<{ Payload: { staffId: number; permissions: Partial<StaffPermissions> } }>({
    method: 'POST',
    path: '/api/org/editStaffMember',
    options: {
      tags: ['api', 'org'],
      description: 'Change a staff member’s permissions',
      validate: {
        payload: Joi.object({
          staffId: Joi.number().integer().min(1).required(),
          permissions: Joi.object(Object.fromEntries(STAFF_PERMISSIONS.map((p) => [p, Joi.boolean()])))
            .min(1)
            .required(),
        }),
      },
      async handler(request) {
        auditTarget(request, { targetType: 'company_staff', targetId: request.payload.staffId });
        return svc.editPermissions(callerOf(request).id, request.payload.staffId, request.payload.permissions);
      },
    },
  });
