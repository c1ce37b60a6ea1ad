import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MessagingService } from '../../service.js';
import { id, threadName, userIds } from '../../schemas.js';

/** PUT messages/threads {threadId, name?, userIds?, muted?}: `userIds` is the whole new member list; `muted` is the caller's own. */
export const updateThread = (svc: MessagingService) =>
  defineRoute<{ Payload: { threadId: number; name?: string | null; userIds?: number[]; muted?: boolean } }>({
    method: 'PUT',
    path: '/api/messages/threads',
    options: {
      tags: ['api', 'messages'],
      description: 'Rename a thread, set its members (the full list) or mute it for yourself',
      validate: { payload: Joi.object({ threadId: id.required(), name: threadName, userIds, muted: Joi.boolean() }) },
      async handler(request) {
        auditTarget(request, { targetType: 'thread', targetId: request.payload.threadId });
        return svc.update(callerOf(request).id, request.payload);
      },
    },
  });
