import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { idParams, SIMPLE_TAGS } from './support.js';

/** DELETE simpleDevices/{id}: the device and its fields; the bridge's properties stay (deviceManager MANAGE). */
export const deleteSimpleDevice = (simple: SimpleDevicesService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'DELETE',
    path: '/api/simpleDevices/{id}',
    options: {
      tags: SIMPLE_TAGS,
      description: 'Delete a simple device and its fields (deviceManager MANAGE)',
      validate: { params: idParams },
      plugins: { vessel: { entity: 'simpleDevice', needs: [DEVICES_MANAGE] } },
      async handler(request) {
        const device = await simple.remove(request.params.id);
        auditTarget(request, { targetType: 'simpleDevice', targetId: device.id, vesselId: device.vesselId });
        return { id: device.id, deleted: true };
      },
    },
  });
