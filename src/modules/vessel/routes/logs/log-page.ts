import Joi from 'joi';
import { type AuditFilter, auditFilterSchema } from '../../../../platform/audit.js';
import { type PageRequest, pageRequestSchema } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { VesselLogService } from '../../logs/service.js';

/** POST logs/all/page: a page of one vessel's audit log; the filter names the vessel (auditLogs VIEW). */
export const vesselLogPage = (log: VesselLogService) =>
  defineRoute<{ Payload: PageRequest<AuditFilter & { vesselId: number }> }>({
    method: 'POST',
    path: '/api/logs/all/page',
    options: {
      tags: ['api', 'vessel'],
      description: "A page of a vessel's audit log; the filter must name the vesselId",
      validate: { payload: pageRequestSchema(auditFilterSchema.keys({ vesselId: Joi.number().integer().min(1).required() })).required() },
      plugins: { vessel: { payload: 'filter.vesselId', needs: [{ area: 'auditLogs', level: 'VIEW' }] } },
      handler: (request) => log.page(vesselOf(request).vesselId, request.payload),
    },
  });
