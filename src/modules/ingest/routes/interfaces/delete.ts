import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE, vesselOf } from '../../../access/api.js';
import type { InterfacesService } from '../../interfaces/service.js';
import { interfaceParams } from './support.js';

/** DELETE vessel/{id}/interfaces/{interfaceId}: its token stops working at once (deviceManager MANAGE). */
export const deleteInterface = (interfaces: InterfacesService) =>
  defineRoute<{ Params: { id: number; interfaceId: number } }>({
    method: 'DELETE',
    path: '/api/vessel/{id}/interfaces/{interfaceId}',
    options: {
      tags: ['api', 'vessel', 'interfaces'],
      description: 'Delete an interface; its token is refused from then on (deviceManager MANAGE)',
      validate: { params: interfaceParams },
      plugins: { vessel: { needs: [DEVICES_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const { interfaceId } = request.params;
        auditTarget(request, { targetType: 'interface', targetId: interfaceId, vesselId });
        await interfaces.remove(vesselId, interfaceId);
        return { id: interfaceId, deleted: true };
      },
    },
  });
