import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import type { BridgeService } from '../../service.js';

/** GET admin/reportingClients: by serial; `q` searches the serial, `paired` filters on pairing. */
export const listReportingClients = (bridges: BridgeService) =>
  defineRoute<{ Query: { q?: string; paired?: boolean } }>({
    method: 'GET',
    path: '/api/admin/reportingClients',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: 'Reporting clients (bridges), by serial; q searches the serial, paired filters on pairing',
      validate: { query: Joi.object({ q: Joi.string().max(64).allow(''), paired: Joi.boolean() }) },
      handler: (request) => bridges.list(request.query),
    },
  });
