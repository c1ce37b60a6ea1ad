import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { Grants } from '../../../access/api.js';
import { idParams } from '../../schemas.js';

/** POST vessel/{id}/acceptInvite: the invitee joins (they have no access yet, so the route is not vessel-scoped). */
export const acceptInvite = (grants: Grants) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'POST',
    path: '/api/vessel/{id}/acceptInvite',
    options: {
      tags: ['api', 'vessel'],
      description: 'Accept your invitation to a vessel',
      validate: { params: idParams },
      async handler(request) {
        const vesselId = request.params.id;
        auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId });
        await grants.accept(callerOf(request).id, vesselId);
        return { vesselId, accepted: true };
      },
    },
  });
