import Joi from 'joi';
import type { Database } from '../../../../db/knex.js';
import { pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import { pageReportingClients } from '../../api.js';
import type { BridgeFilter } from '../../repository.js';
import { version } from '../../schemas.js';

/** POST admin/reportingClients/page {page, size, sort, filter: {q, paired, online, version}}. */
export const reportingClientsPage = (db: Database) =>
  defineRoute<{ Payload: PageRequest<BridgeFilter> }>({
    method: 'POST',
    path: '/api/admin/reportingClients/page',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: 'A page of reporting clients; filter: q (serial), paired, online, version; sort: serial, version, lastSeen, createdAt, online',
      validate: {
        payload: pageRequestSchema(Joi.object({ q: Joi.string().max(64).allow(''), paired: Joi.boolean(), online: Joi.boolean(), version })),
      },
      handler: (request) => pageReportingClients(db, request.payload),
    },
  });
