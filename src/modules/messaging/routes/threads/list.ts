import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MessagingService } from '../../service.js';

/** GET messages/threads: the caller's threads, latest activity first, with unread counts and the last message. */
export const listThreads = (svc: MessagingService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/messages/threads',
    options: {
      tags: ['api', 'messages'],
      description: 'Your threads, latest activity first',
      handler: (request) => svc.threadsOf(callerOf(request).id),
    },
  });
