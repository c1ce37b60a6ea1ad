import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { type PermissionSet, vesselOf } from '../../../access/api.js';
import type { AccessRequestsService } from '../../access-requests/service.js';
import { idParams, permissionsPayload } from '../../schemas.js';

/**
 * POST vessel/{id}/grant: a member's whole permission set, never beyond the granter's own
 * (userManager MANAGE); granting someone who asked for access makes them a member.
 */
export const grantPermissions = (requests: AccessRequestsService) =>
  defineRoute<{ Params: { id: number }; Payload: { userId: number; permissions: Partial<PermissionSet> } }>({
    method: 'POST',
    path: '/api/vessel/{id}/grant',
    options: {
      tags: ['api', 'vessel'],
      description: 'Give a member a permission set (needs userManager MANAGE; never beyond your own)',
      validate: { params: idParams, payload: permissionsPayload },
      plugins: { vessel: { needs: [{ area: 'userManager', level: 'MANAGE' }] } },
      async handler(request) {
        const scope = vesselOf(request);
        const { userId, permissions } = request.payload;
        auditTarget(request, { targetType: 'user', targetId: userId, vesselId: scope.vesselId, details: { permissions } });
        return { userId, permissions: await requests.grant(scope, userId, permissions) };
      },
    },
  });
