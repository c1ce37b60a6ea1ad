import type { ReqRefDefaults } from '@hapi/hapi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MessagingService } from '../../service.js';

/** GET messages/threadStats: `{unreadCount}` across all the caller's threads. */
export const threadStats = (svc: MessagingService) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/messages/threadStats',
    options: {
      tags: ['api', 'messages'],
      description: 'Unread messages across your threads',
      handler: async (request) => ({ unreadCount: await svc.unreadCount(callerOf(request).id) }),
    },
  });
