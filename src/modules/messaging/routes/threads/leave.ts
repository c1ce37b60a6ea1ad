import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MessagingService } from '../../service.js';
import { threadIdParams } from '../../schemas.js';

/** POST messages/threads/{threadId}/leave: the caller leaves; the last to leave deletes the thread. */
export const leaveThread = (svc: MessagingService) =>
  defineRoute<{ Params: { threadId: number } }>({
    method: 'POST',
    path: '/api/messages/threads/{threadId}/leave',
    options: {
      tags: ['api', 'messages'],
      description: 'Leave a thread',
      validate: { params: threadIdParams },
      async handler(request) {
        auditTarget(request, { targetType: 'thread', targetId: request.params.threadId });
        await svc.leave(callerOf(request).id, request.params.threadId);
        return null;
      },
    },
  });
