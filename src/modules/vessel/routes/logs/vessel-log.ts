import type { Database } from '../../../../db/knex.js';
import { pageAudit } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import { idParams } from '../../schemas.js';

/** GET vessel/{id}/logs/all: the latest 200 audit records of the vessel, newest first (auditLogs VIEW). */
export const vesselLog = (db: Database) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/logs/all',
    options: {
      tags: ['api', 'vessel'],
      description: "The vessel's latest 200 audit records, newest first",
      validate: { params: idParams },
      plugins: { vessel: { needs: [{ area: 'auditLogs', level: 'VIEW' }] } },
      handler: async (request) => (await pageAudit(db, { page: 0, size: 200, sort: 'at,desc', filter: { vesselId: vesselOf(request).vesselId } })).content,
    },
  });
