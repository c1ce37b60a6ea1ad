import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import type { MessagingService } from '../service.js';

/** GET messages/groups: people the caller may message at once (a vessel's crew, their company's staff). */
export const listGroups = (svc: MessagingService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/messages/groups',
    options: {
      tags: ['api', 'messages'],
      description: 'Groups of contacts: the crew of each of your vessels, your company’s staff',
      handler: (request) => svc.groupsOf(callerOf(request).id),
    },
  });
