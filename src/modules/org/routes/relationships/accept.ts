import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { idParams } from '../../schemas.js';
import type { NetworkService } from '../../network-service.js';

/** POST org/relationships/{id}/accept: needs manageRelationships, by the company that was asked. */
export const acceptRelationship = (svc: NetworkService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'POST',
    path: '/api/org/relationships/{id}/accept',
    options: {
      tags: ['api', 'org'],
      description: 'Accept a relationship request',
      validate: { params: idParams },
      async handler(request) {
        auditTarget(request, { targetType: 'company_relationship', targetId: request.params.id });
        return svc.acceptRelationship(callerOf(request).id, request.params.id);
      },
    },
  });
