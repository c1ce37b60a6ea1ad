import Joi from 'joi';
import type { Database } from '../../../../db/knex.js';
import { auditFilterSchema, pageAudit } from '../../../../platform/audit.js';
import { pageRequestSchema } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';

type AuditPage = Parameters<typeof pageAudit>[1];

/** POST logs/all/page: a page of one vessel's audit log; the filter names the vessel (auditLogs VIEW). */
export const vesselLogPage = (db: Database) =>
  defineRoute<{ Payload: AuditPage & { filter: { vesselId: number } } }>({
    method: 'POST',
    path: '/api/logs/all/page',
    options: {
      tags: ['api', 'vessel'],
      description: "A page of a vessel's audit log; the filter must name the vesselId",
      validate: { payload: pageRequestSchema(auditFilterSchema.keys({ vesselId: Joi.number().integer().min(1).required() })).required() },
      plugins: { vessel: { payload: 'filter.vesselId', needs: [{ area: 'auditLogs', level: 'VIEW' }] } },
      handler: (request) => pageAudit(db, { ...request.payload, filter: { ...request.payload.filter, vesselId: vesselOf(request).vesselId } }),
    },
  });
