import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { addDocumentCategory, documentCategories } from '../../../vessel/api.js';
import { adminOnly } from '../admin-only.js';

/** GET admin/documentCategories: the categories vessel documents are filed under, by name. */
export const listDocumentCategories = (db: Db) =>
  defineRoute({
    method: 'GET',
    path: '/api/admin/documentCategories',
    options: { auth: adminOnly, tags: ['api', 'admin'], description: 'Document categories, by name', handler: () => documentCategories(db) },
  });

/** POST admin/documentCategories {name}: 409 for a name in use (case does not matter). */
export const createDocumentCategory = (db: Db) =>
  defineRoute<{ Payload: { name: string } }>({
    method: 'POST',
    path: '/api/admin/documentCategories',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Add a document category',
      validate: { payload: Joi.object({ name: Joi.string().trim().min(1).max(100).required() }) },
      async handler(request) {
        const category = await addDocumentCategory(db, request.payload.name);
        auditTarget(request, { targetType: 'documentCategory', targetId: category.id });
        return category;
      },
    },
  });
