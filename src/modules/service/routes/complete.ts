import { auditTarget } from '../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import { allows, vesselOf } from '../../access/api.js';
import type { ServiceCompletion } from '../../../../contracts/service.js';
import type { ServiceSchedules } from '../schedules.js';
import { completionPayload, itemParams } from '../schemas.js';

/** POST vessel/{id}/service/{itemId}/complete: logs the service done and restarts the item's interval (deviceManager MANAGE). */
export const completeServiceItem = (schedules: ServiceSchedules) =>
  defineRoute<{ Params: { id: number; itemId: number }; Payload: ServiceCompletion }>({
    method: 'POST',
    path: '/api/vessel/{id}/service/{itemId}/complete',
    options: {
      tags: ['api', 'service'],
      description: 'Log a service done',
      validate: { params: itemParams, payload: completionPayload },
      plugins: { vessel: { needs: [{ area: 'deviceManager', level: 'MANAGE' }] } },
      async handler(request) {
        const { vesselId, access } = vesselOf(request);
        const { itemId } = request.params;
        auditTarget(request, { targetType: 'serviceItem', targetId: itemId, vesselId });
        const caller = { userId: callerOf(request).id, seesDocuments: allows(access, { area: 'documents', level: 'VIEW' }) };
        return schedules.complete(vesselId, itemId, caller, request.payload ?? {});
      },
    },
  });
