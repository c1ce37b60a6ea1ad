import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { auditFilterSchema, pageAudit, type AuditFilter } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { pageQuery } from '../../schemas.js';
import { adminOnly } from '../admin-only.js';

type AuditQuery = { page: number; size: number; sort?: string } & AuditFilter;

/**
 * GET admin/logs and GET admin/auditTrail: the same paged audit trail under the two names the
 * API lists, so they share this file.
 */
const auditByQuery = (path: string, description: string) => (db: Db) =>
  defineRoute<{ Query: AuditQuery }>({
    method: 'GET',
    path,
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description,
      validate: { query: Joi.object(pageQuery).concat(auditFilterSchema) },
      handler(request) {
        const { page, size, sort, ...filter } = request.query;
        return pageAudit(db, { page, size, sort, filter });
      },
    },
  });

export const logs = auditByQuery('/api/admin/logs', 'The audit trail, newest first (query paging and filters)');
export const auditTrail = auditByQuery('/api/admin/auditTrail', 'The audit trail, paged like logs');
