import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MessagingService } from '../../service.js';
import { threadIdParams } from '../../schemas.js';

/** DELETE messages/threads/{threadId}: the thread's creator deletes it for everyone. */
export const deleteThread = (svc: MessagingService) =>
  defineRoute<{ Params: { threadId: number } }>({
    method: 'DELETE',
    path: '/api/messages/threads/{threadId}',
    options: {
      tags: ['api', 'messages'],
      description: 'Delete a thread you started, with its messages and attachments',
      validate: { params: threadIdParams },
      async handler(request) {
        auditTarget(request, { targetType: 'thread', targetId: request.params.threadId });
        await svc.remove(callerOf(request).id, request.params.threadId);
        return null;
      },
    },
  });
