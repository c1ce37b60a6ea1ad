import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { idParams } from '../../schemas.js';
import type { NetworkService } from '../../network-service.js';

/** DELETE org/relationships/{id}/remove: needs manageRelationships, on either side. */
export const removeRelationship = (svc: NetworkService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'DELETE',
    path: '/api/org/relationships/{id}/remove',
    options: {
      tags: ['api', 'org'],
      description: 'End a relationship',
      validate: { params: idParams },
      async handler(request) {
        auditTarget(request, { targetType: 'company_relationship', targetId: request.params.id });
        await svc.removeRelationship(callerOf(request).id, request.params.id);
        return { id: request.params.id, deleted: true };
      },
    },
  });
