import Joi from 'joi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { type PageRequest, pageRequestSchema } from '../../../../platform/pagination.js';
import type { MessagingService } from '../../service.js';

/** POST messages/page {page, size, filter: {text}}: the caller's messages whose text or attachment names contain `text`, newest first. */
export const searchMessages = (svc: MessagingService) =>
  defineRoute<{ Payload: PageRequest<{ text: string }> }>({
    method: 'POST',
    path: '/api/messages/page',
    options: {
      tags: ['api', 'messages'],
      description: 'Search your messages (text and attachment names), newest first, paged',
      validate: { payload: pageRequestSchema(Joi.object({ text: Joi.string().trim().min(1).max(200).required() }).required()) },
      handler: (request) => svc.search(callerOf(request).id, request.payload),
    },
  });
