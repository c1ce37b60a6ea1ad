import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MembersService } from '../../members/service.js';

/** GET vessel/pending: invitations waiting for the caller's answer. */
export const pendingInvitations = (members: MembersService) =>
  defineRoute({
    method: 'GET',
    path: '/api/vessel/pending',
    options: {
      tags: ['api', 'vessel'],
      description: 'Invitations to vessels waiting for your answer',
      handler: (request) => members.pendingFor(callerOf(request)),
    },
  });
