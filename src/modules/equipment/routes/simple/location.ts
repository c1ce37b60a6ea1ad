import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { SIMPLE_TAGS } from './support.js';

/** POST simpleDevices/{id}/location/{state}: the location switch, `on` or `off` (deviceManager MANAGE). */
export const setSimpleDeviceLocation = (simple: SimpleDevicesService) =>
  defineRoute<{ Params: { id: number; state: boolean } }>({
    method: 'POST',
    path: '/api/simpleDevices/{id}/location/{state}',
    options: {
      tags: SIMPLE_TAGS,
      description: "Turn a simple device's location switch on or off (state: on|off|true|false) (deviceManager MANAGE)",
      validate: {
        params: Joi.object({
          id: Joi.number().integer().min(1).required(),
          state: Joi.boolean().truthy('on').falsy('off').required(),
        }),
      },
      plugins: { vessel: { entity: 'simpleDevice', needs: [DEVICES_MANAGE] } },
      async handler(request) {
        const device = await simple.setLocationEnabled(request.params.id, request.params.state);
        auditTarget(request, { targetType: 'simpleDevice', targetId: device.id, vesselId: device.vesselId });
        return device;
      },
    },
  });
