import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditFilterSchema, pageAudit } from '../../../platform/audit.js';
import { pageRequestSchema } from '../../../platform/pagination.js';

const admin = { scope: 'admin' as const };
const pageQuery = Joi.object({
  page: Joi.number().integer().min(0).default(0),
  size: Joi.number().integer().min(1).max(200).default(20),
  sort: Joi.string().max(64).pattern(/^[A-Za-z]+(,(asc|desc))?$/),
}).concat(auditFilterSchema);

export function logRoutes(ctx: AppContext): ServerRoute[] {
  const byQuery = (request: any) => {
    const { page, size, sort, ...filter } = request.query;
    return pageAudit(ctx.db, { page, size, sort, filter });
  };
  return [
    {
      method: 'GET',
      path: '/api/admin/logs',
      options: { auth: admin, tags: ['api', 'admin'], description: 'The audit trail, newest first (query paging and filters)', validate: { query: pageQuery }, handler: byQuery },
    },
    {
      method: 'GET',
      path: '/api/admin/auditTrail',
      options: { auth: admin, tags: ['api', 'admin'], description: 'The audit trail, paged like logs', validate: { query: pageQuery }, handler: byQuery },
    },
    {
      method: 'POST',
      path: '/api/admin/logs/page',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'A page of the audit trail: {page, size, sort, filter}',
        validate: { payload: pageRequestSchema(auditFilterSchema) },
        handler: (request) => pageAudit(ctx.db, request.payload as any),
      },
    },
  ];
}
