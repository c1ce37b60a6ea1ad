import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { VesselLogService } from '../../logs/service.js';
import { idParams } from '../../schemas.js';

/** GET vessel/{id}/logs/all: the latest 200 audit records of the vessel, newest first (auditLogs VIEW). */
export const vesselLog = (log: VesselLogService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/logs/all',
    options: {
      tags: ['api', 'vessel'],
      description: "The vessel's latest 200 audit records, newest first",
      validate: { params: idParams },
      plugins: { vessel: { needs: [{ area: 'auditLogs', level: 'VIEW' }] } },
      handler: (request) => log.latest(vesselOf(request).vesselId),
    },
  });
