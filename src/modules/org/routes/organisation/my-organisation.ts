import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { OrgService } from '../../service.js';

/** GET org/myOrganisation: only ever the caller's own company; 404 without one. */
export const myOrganisation = (org: OrgService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/myOrganisation',
    options: {
      tags: ['api', 'org'],
      description: 'Your company and its staff',
      handler: (request) => org.myOrganisation(callerOf(request).id),
    },
  });
