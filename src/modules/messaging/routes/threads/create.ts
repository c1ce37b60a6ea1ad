import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MessagingService } from '../../service.js';
import { id, threadName, userIds } from '../../schemas.js';

/** POST messages/threads {userIds, name?, vesselId?}: a thread with some of the caller's contacts, optionally about a vessel they work on. */
export const createThread = (svc: MessagingService) =>
  defineRoute<{ Payload: { userIds: number[]; name?: string | null; vesselId?: number | null } }>({
    method: 'POST',
    path: '/api/messages/threads',
    options: {
      tags: ['api', 'messages'],
      description: 'Start a thread with your contacts (`userIds`), optionally named and about a vessel (`vesselId`)',
      validate: { payload: Joi.object({ userIds: userIds.min(1).required(), name: threadName, vesselId: id.allow(null) }) },
      async handler(request) {
        const thread = await svc.create(callerOf(request).id, request.payload);
        auditTarget(request, { targetType: 'thread', targetId: thread.id, vesselId: thread.vesselId ?? undefined });
        return thread;
      },
    },
  });
