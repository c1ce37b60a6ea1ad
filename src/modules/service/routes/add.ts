import { auditTarget } from '../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import type { ServiceItemInput } from '../../../../contracts/service.js';
import type { ServiceSchedules } from '../schedules.js';
import { itemPayload, vesselParams } from '../schemas.js';

/** POST vessel/{id}/service: adds a maintenance item (deviceManager MANAGE). */
export const addServiceItem = (schedules: ServiceSchedules) =>
  defineRoute<{ Params: { id: number }; Payload: ServiceItemInput }>({
    method: 'POST',
    path: '/api/vessel/{id}/service',
    options: {
      tags: ['api', 'service'],
      description: 'Add a service item',
      validate: { params: vesselParams, payload: itemPayload },
      plugins: { vessel: { needs: [{ area: 'deviceManager', level: 'MANAGE' }] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const item = await schedules.add(vesselId, callerOf(request).id, request.payload);
        auditTarget(request, { targetType: 'serviceItem', targetId: item.id, vesselId });
        return item;
      },
    },
  });
