import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ReqRefDefaults } from '@hapi/hapi';
import type { StaffService } from '../../staff-service.js';

/** GET org/staff: the company’s staff and invitations with each member’s permissions. */
export const listStaff = (svc: StaffService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/staff',
    options: {
      tags: ['api', 'org'],
      description: 'Staff of your company with their permissions',
      async handler(request) {
        return svc.list(callerOf(request).id);
      },
    },
  });
