import Boom from '@hapi/boom';
import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { findOutboxMail } from '../../../../platform/mail.js';
import { defineRoute } from '../../../../platform/routes.js';
import { adminOnly } from '../admin-only.js';

/** GET admin/mail/{id}: one mail of the outbox with its text (null once delivered by SMTP: only the envelope is kept). */
export const showOutboxMail = (db: Db) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/admin/mail/{id}',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'One mail of the outbox with its text (null when SMTP delivered it: only the envelope is kept)',
      validate: { params: Joi.object({ id: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        const mail = await findOutboxMail(db, request.params.id);
        if (!mail) throw Boom.notFound('Mail not found');
        return mail;
      },
    },
  });
