import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { type MailDelivery, pageOutbox } from '../../../../platform/mail.js';
import { type PageRequest, pageRequestSchema } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import { adminOnly } from '../admin-only.js';

/** POST admin/mail/page {page, size, sort, filter: {q, delivery}}: the mail outbox, newest first, without the bodies. */
export const mailOutboxPage = (db: Db) =>
  defineRoute<{ Payload: PageRequest<{ q?: string; delivery?: MailDelivery }> }>({
    method: 'POST',
    path: '/api/admin/mail/page',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description:
        'A page of the mail outbox (to, subject, delivery: outbox, sent or failed, error), newest first; filter q: recipient or subject, delivery; sort: createdAt, to, subject',
      validate: {
        payload: pageRequestSchema(Joi.object({ q: Joi.string().max(200).allow(''), delivery: Joi.string().valid('outbox', 'sent', 'failed') })),
      },
      handler: (request) => pageOutbox(db, request.payload),
    },
  });
