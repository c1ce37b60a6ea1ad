import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditFilterSchema, pageAudit } from '../../../platform/audit.js';
import { pageRequestSchema } from '../../../platform/pagination.js';
import { requireAccess } from '../api.js';
import { idParams } from '../schemas.js';
import { caller, vesselIdOf } from './support.js';

/** A vessel's audit log: who did what on board and through the cloud (needs auditLogs VIEW). */
const viewLogs = { area: 'auditLogs', level: 'VIEW' } as const;

export function logRoutes(ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  return [
    {
      method: 'GET',
      path: '/api/vessel/{id}/logs/all',
      options: {
        tags: ['api', 'vessel'],
        description: "The vessel's latest 200 audit records, newest first",
        validate: { params: idParams },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), viewLogs);
          return (await pageAudit(db, { page: 0, size: 200, sort: 'at,desc', filter: { vesselId: access.vesselId } })).content;
        },
      },
    },
    {
      method: 'POST',
      path: '/api/logs/all/page',
      options: {
        tags: ['api', 'vessel'],
        description: "A page of a vessel's audit log; the filter must name the vesselId",
        validate: { payload: pageRequestSchema(auditFilterSchema.keys({ vesselId: Joi.number().integer().min(1).required() })).required() },
        async handler(request) {
          const page = request.payload as { page: number; size: number; sort?: string; filter: { vesselId: number } };
          await requireAccess(db, caller(request).id, page.filter.vesselId, viewLogs);
          return pageAudit(db, page);
        },
      },
    },
  ];
}
