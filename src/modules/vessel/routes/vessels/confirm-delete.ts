import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { VesselService } from '../../vessels/service.js';

/** POST vessel/confirmDelete?code=: deletes the vessel the caller's own code names. */
export const confirmVesselDeletion = (vessels: VesselService) =>
  defineRoute<{ Query: { code: string } }>({
    method: 'POST',
    path: '/api/vessel/confirmDelete',
    options: {
      tags: ['api', 'vessel'],
      description: 'Delete a vessel with the e-mailed confirmation code, with what its bridge reported while paired',
      validate: { query: Joi.object({ code: Joi.string().trim().max(20).required() }) },
      async handler(request) {
        const vesselId = await vessels.confirmDeletion(callerOf(request), request.query.code);
        auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId });
        return { id: vesselId, deleted: true };
      },
    },
  });
