import Joi from 'joi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MessagingService } from '../../service.js';
import { id, threadIdParams } from '../../schemas.js';

/** GET messages/threads/{threadId}/messages?before=&size=: a thread's messages, oldest first, a page back from `before`. */
export const threadMessages = (svc: MessagingService) =>
  defineRoute<{ Params: { threadId: number }; Query: { before?: number; size: number } }>({
    method: 'GET',
    path: '/api/messages/threads/{threadId}/messages',
    options: {
      tags: ['api', 'messages'],
      description: 'A thread’s messages: the newest `size` (default 50, at most 200) before message `before`, oldest first, and whether older ones exist',
      validate: { params: threadIdParams, query: Joi.object({ before: id, size: Joi.number().integer().min(1).max(200).default(50) }) },
      handler: (request) => svc.messages(callerOf(request).id, request.params.threadId, request.query.before ?? null, request.query.size),
    },
  });
