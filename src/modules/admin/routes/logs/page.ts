import type { Db } from '../../../../db/knex.js';
import { auditFilterSchema, pageAudit, type AuditFilter } from '../../../../platform/audit.js';
import { pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import { adminOnly } from '../admin-only.js';

/** POST admin/logs/page {page, size, sort, filter}: a page of the audit trail. */
export const logsPage = (db: Db) =>
  defineRoute<{ Payload: PageRequest<AuditFilter> }>({
    method: 'POST',
    path: '/api/admin/logs/page',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'A page of the audit trail: {page, size, sort, filter}',
      validate: { payload: pageRequestSchema(auditFilterSchema) },
      handler: (request) => pageAudit(db, request.payload),
    },
  });
