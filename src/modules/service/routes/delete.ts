import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import type { ServiceSchedules } from '../schedules.js';
import { itemParams } from '../schemas.js';

/** DELETE vessel/{id}/service/{itemId}: removes a maintenance item; its log entries stay (deviceManager MANAGE). */
export const deleteServiceItem = (schedules: ServiceSchedules) =>
  defineRoute<{ Params: { id: number; itemId: number } }>({
    method: 'DELETE',
    path: '/api/vessel/{id}/service/{itemId}',
    options: {
      tags: ['api', 'service'],
      description: 'Delete a service item',
      validate: { params: itemParams },
      plugins: { vessel: { needs: [{ area: 'deviceManager', level: 'MANAGE' }] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const { itemId } = request.params;
        auditTarget(request, { targetType: 'serviceItem', targetId: itemId, vesselId });
        await schedules.remove(vesselId, itemId);
        return { id: itemId, deleted: true };
      },
    },
  });
