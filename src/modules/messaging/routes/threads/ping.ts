import Joi from 'joi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MessagingService } from '../../service.js';
import { id } from '../../schemas.js';

/** POST messages/ping {threadId}: marks the thread read; answers the caller's new unread count. */
export const pingThread = (svc: MessagingService) =>
  defineRoute<{ Payload: { threadId: number } }>({
    method: 'POST',
    path: '/api/messages/ping',
    options: {
      tags: ['api', 'messages'],
      description: 'Mark a thread read up to its newest message',
      validate: { payload: Joi.object({ threadId: id.required() }) },
      handler: (request) => svc.ping(callerOf(request).id, request.payload.threadId),
    },
  });
