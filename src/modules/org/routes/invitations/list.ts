import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ReqRefDefaults } from '@hapi/hapi';
import type { NetworkService } from '../../network-service.js';

/** GET org/invitations: the caller’s own invitations (client or staff) that have not expired. */
export const myInvitations = (svc: NetworkService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/invitations',
    options: {
      tags: ['api', 'org'],
      description: 'Your invitations from companies',
      async handler(request) {
        return svc.invitations(callerOf(request).id);
      },
    },
  });
