import Joi from 'joi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { linkKeyQuery } from '../../../auth/api.js';
import type { MessagingService } from '../../service.js';
import { id } from '../../schemas.js';
import { untrusted } from '../../../../platform/http.js';

/** GET messages/attachments/{attachmentId}: the file, to the thread's members only; images show inline, the rest download. */
export const downloadAttachment = (svc: MessagingService) =>
  defineRoute<{ Params: { attachmentId: number }; Query: { linkKey?: string; download?: boolean } }>({
    method: 'GET',
    path: '/api/messages/attachments/{attachmentId}',
    options: {
      tags: ['api', 'messages'],
      description: 'An attachment’s content (thread members only; a link may carry a link key as ?linkKey=)',
      plugins: { envelope: false, linkKey: true },
      validate: { params: Joi.object({ attachmentId: id.required() }), query: linkKeyQuery.keys({ download: Joi.boolean() }) },
      async handler(request, h) {
        const file = await svc.attachment(callerOf(request).id, request.params.attachmentId);
        const inline = file.mime.startsWith('image/') && !request.query.download;
        return untrusted(
          h
            .response(file.data)
            .type(file.mime)
            .header('cache-control', 'private, no-store')
            .header('x-content-type-options', 'nosniff')
            .header(
              'content-disposition',
              `${inline ? 'inline' : 'attachment'}; filename="${file.name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
            ),
        );
      },
    },
  });
