import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import type { ServiceItemInput } from '../../../../contracts/service.js';
import type { ServiceSchedules } from '../schedules.js';
import { itemParams, itemPayload } from '../schemas.js';

/** PUT vessel/{id}/service/{itemId}: changes a maintenance item (deviceManager MANAGE). */
export const editServiceItem = (schedules: ServiceSchedules) =>
  defineRoute<{ Params: { id: number; itemId: number }; Payload: ServiceItemInput }>({
    method: 'PUT',
    path: '/api/vessel/{id}/service/{itemId}',
    options: {
      tags: ['api', 'service'],
      description: 'Change a service item',
      validate: { params: itemParams, payload: itemPayload },
      plugins: { vessel: { needs: [{ area: 'deviceManager', level: 'MANAGE' }] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        auditTarget(request, { targetType: 'serviceItem', targetId: request.params.itemId, vesselId });
        return schedules.edit(vesselId, request.params.itemId, request.payload);
      },
    },
  });
