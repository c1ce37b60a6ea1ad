import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { OrgService } from '../../service.js';

/** GET org/currentUserPerms: the caller's role in their own company; 404 without one. */
export const currentUserPerms = (org: OrgService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/currentUserPerms',
    options: {
      tags: ['api', 'org'],
      description: 'Your permissions in your organisation',
      handler: (request) => org.permissionsOf(callerOf(request).id),
    },
  });
