import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { VesselService } from '../../vessels/service.js';
import { editVesselPayload, idParams, type VesselFieldsPayload } from '../../schemas.js';

/** PUT vessel/{id}: the vessel's fields (allowEditVessel). */
export const editVessel = (vessels: VesselService) =>
  defineRoute<{ Params: { id: number }; Payload: VesselFieldsPayload }>({
    method: 'PUT',
    path: '/api/vessel/{id}',
    options: {
      tags: ['api', 'vessel'],
      description: 'Edit a vessel (needs allowEditVessel)',
      validate: { params: idParams, payload: editVesselPayload },
      plugins: { vessel: { needs: [{ flag: 'allowEditVessel' }] } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId });
        return vessels.edit(scope, request.payload);
      },
    },
  });
