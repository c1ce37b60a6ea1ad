import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { addLanguage, type Reference } from '../../../utility/api.js';
import { adminOnly } from '../admin-only.js';

/** POST admin/userLanguages {code, name}: 409 for a known code. */
export const createLanguage = (db: Db) =>
  defineRoute<{ Payload: Reference }>({
    method: 'POST',
    path: '/api/admin/userLanguages',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Add a language users can choose',
      validate: {
        payload: Joi.object({
          code: Joi.string()
            .max(10)
            .pattern(/^[a-z]{2}(-[A-Z]{2})?$/)
            .required(),
          name: Joi.string().max(100).required(),
        }),
      },
      async handler(request) {
        const language = await addLanguage(db, request.payload);
        auditTarget(request, { targetType: 'language', targetId: language.code });
        return language;
      },
    },
  });
