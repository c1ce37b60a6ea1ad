import Joi from 'joi';
import { MESSAGE_MAX_BYTES } from '../../../../../contracts/messaging.js';
import { auditTarget } from '../../../../platform/audit.js';
import type { Limiter } from '../../../../platform/rate-limit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { MessagingService } from '../../service.js';
import { id, messageText } from '../../schemas.js';

interface FilePart {
  filename: string;
  payload: Buffer;
}

const filePart = Joi.object({ filename: Joi.string().allow('').max(1000), headers: Joi.object().unknown(), payload: Joi.binary().required() }).messages({
  'object.base': '{{#label}} must be a file',
});
const files = Joi.alternatives(Joi.array().items(filePart).max(50), filePart);

/** The form's multipart body: files carry their name, whether sent as `attachments` or `attachments[]`. */
type Form = { threadId: number; text?: string; attachments?: FilePart | FilePart[]; 'attachments[]'?: FilePart | FilePart[] };

const partsOf = (form: Form): FilePart[] => [form.attachments ?? [], form['attachments[]'] ?? []].flat();

/**
 * Messages a person may post in a minute, in all their threads: a quick typist sends a few; a
 * script flooding the members' inboxes and e-mail digests is stopped (docs/security.md, "Rate limits").
 */
export const MESSAGE_LIMIT = { points: 30, windowSeconds: 60 } as const;

/** POST messages (multipart `threadId`, `text`, `attachments[]`): a message from a member, with up to 10 files (images, PDF, text). */
export const postMessage = (svc: MessagingService, limiter: Limiter) =>
  defineRoute<{ Payload: Form }>({
    method: 'POST',
    path: '/api/messages',
    options: {
      tags: ['api', 'messages'],
      description: 'Post a message (multipart `threadId`, `text`, `attachments[]`: up to 10 files of at most 10 MB, 25 MB in all; PDF, images or plain text)',
      payload: {
        output: 'data',
        parse: true,
        multipart: { output: 'annotated' },
        maxBytes: MESSAGE_MAX_BYTES + 1024 * 1024,
        allow: ['multipart/form-data', 'application/json'],
      },
      plugins: { 'hapi-swagger': { payloadType: 'form' } },
      validate: { payload: Joi.object({ threadId: id.required(), text: messageText, attachments: files, 'attachments[]': files }) },
      async handler(request) {
        const { threadId, text } = request.payload;
        await limiter.consume(String(callerOf(request).id));
        const message = await svc.post(callerOf(request).id, {
          threadId,
          text: text ?? '',
          files: partsOf(request.payload).map((p) => ({ filename: p.filename, data: p.payload })),
        });
        auditTarget(request, { targetType: 'message', targetId: message.id });
        return message;
      },
    },
  });
