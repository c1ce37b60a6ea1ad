import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MessagingService } from '../../service.js';
import { id } from '../../schemas.js';

/** DELETE messages/{messageId}: the sender deletes their own message and its attachments. */
export const deleteMessage = (svc: MessagingService) =>
  defineRoute<{ Params: { messageId: number } }>({
    method: 'DELETE',
    path: '/api/messages/{messageId}',
    options: {
      tags: ['api', 'messages'],
      description: 'Delete one of your messages',
      validate: { params: Joi.object({ messageId: id.required() }) },
      async handler(request) {
        auditTarget(request, { targetType: 'message', targetId: request.params.messageId });
        await svc.deleteMessage(callerOf(request).id, request.params.messageId);
        return null;
      },
    },
  });
