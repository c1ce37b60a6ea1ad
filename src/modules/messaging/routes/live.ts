import { callerOf, defineRoute } from '../../../platform/routes.js';
import { linkKeyQuery } from '../../auth/api.js';
import type { UserStreams } from '../live.js';
import type { MessagingService } from '../service.js';

/** GET messages/live: the user's server-sent event stream (contracts/messaging.ts); EventSource cannot set headers, so a link key may ride in the query. */
export const messagesLive = (svc: MessagingService, live: UserStreams) =>
  defineRoute({
    method: 'GET',
    path: '/api/messages/live',
    options: {
      tags: ['api', 'messages'],
      description:
        'Server-sent events: hello, message, messageDeleted, read, unread, threads, serviceRequest; a keepalive comment every 15 s; at most 10 open per user (429)',
      plugins: { envelope: false, linkKey: true },
      validate: { query: linkKeyQuery },
      async handler(request, h) {
        const userId = callerOf(request).id;
        const stream = live.open(request, userId, { unreadCount: await svc.unreadCount(userId) });
        return h.response(stream).type('text/event-stream; charset=utf-8').header('cache-control', 'no-cache, no-transform').header('x-accel-buffering', 'no');
      },
    },
  });
