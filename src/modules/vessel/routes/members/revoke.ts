import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { type Grants, vesselOf } from '../../../access/api.js';
import { idParams, userIdPayload } from '../../schemas.js';

/** POST vessel/{id}/revoke: removes a member or withdraws an invitation (userManager MANAGE). */
export const revokeMember = (grants: Grants) =>
  defineRoute<{ Params: { id: number }; Payload: { userId: number } }>({
    method: 'POST',
    path: '/api/vessel/{id}/revoke',
    options: {
      tags: ['api', 'vessel'],
      description: 'Remove a member or withdraw an invitation (needs userManager MANAGE)',
      validate: { params: idParams, payload: userIdPayload },
      plugins: { vessel: { needs: [{ area: 'userManager', level: 'MANAGE' }] } },
      async handler(request) {
        const scope = vesselOf(request);
        const { userId } = request.payload;
        auditTarget(request, { targetType: 'user', targetId: userId, vesselId: scope.vesselId });
        await grants.revokeMember(scope, userId);
        return { userId, revoked: true };
      },
    },
  });
