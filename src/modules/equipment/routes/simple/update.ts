import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE } from '../../../access/api.js';
import type { DeviceDetails, SimpleDevicesService } from '../../simple/service.js';
import { deviceDetails, idParams, SIMPLE_TAGS } from './support.js';

/** PUT simpleDevices/{id} {name, manufacturer, model, serial, location} (deviceManager MANAGE). */
export const updateSimpleDevice = (simple: SimpleDevicesService) =>
  defineRoute<{ Params: { id: number }; Payload: DeviceDetails }>({
    method: 'PUT',
    path: '/api/simpleDevices/{id}',
    options: {
      tags: SIMPLE_TAGS,
      description: "Edit a simple device's name, manufacturer, model, serial and location on board (deviceManager MANAGE)",
      validate: { params: idParams, payload: Joi.object(deviceDetails) },
      plugins: { vessel: { entity: 'simpleDevice', needs: [DEVICES_MANAGE] } },
      async handler(request) {
        const device = await simple.update(request.params.id, request.payload);
        auditTarget(request, { targetType: 'simpleDevice', targetId: device.id, vesselId: device.vesselId });
        return device;
      },
    },
  });
