import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { VesselService } from '../../vessels/service.js';
import { createVesselPayload, type VesselFieldsPayload } from '../../schemas.js';

/** POST vessel/create: a vessel owned by the caller. */
export const createVessel = (vessels: VesselService) =>
  defineRoute<{ Payload: VesselFieldsPayload & { name: string } }>({
    method: 'POST',
    path: '/api/vessel/create',
    options: {
      tags: ['api', 'vessel'],
      description: 'Create a vessel that you own',
      validate: { payload: createVesselPayload },
      async handler(request) {
        const view = await vessels.create(callerOf(request), request.payload, null);
        auditTarget(request, { targetType: 'vessel', targetId: view.id, vesselId: view.id });
        return view;
      },
    },
  });
