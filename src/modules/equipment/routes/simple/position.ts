import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { idParams, SIMPLE_TAGS } from './support.js';

/** POST simpleDevices/{id}/position {lat, lon}: where the device is (deviceManager MANAGE). */
export const setSimpleDevicePosition = (simple: SimpleDevicesService) =>
  defineRoute<{ Params: { id: number }; Payload: { lat: number; lon: number } }>({
    method: 'POST',
    path: '/api/simpleDevices/{id}/position',
    options: {
      tags: SIMPLE_TAGS,
      description: "Set a simple device's position in decimal degrees (deviceManager MANAGE)",
      validate: {
        params: idParams,
        payload: Joi.object({ lat: Joi.number().min(-90).max(90).required(), lon: Joi.number().min(-180).max(180).required() }),
      },
      plugins: { vessel: { entity: 'simpleDevice', needs: [DEVICES_MANAGE] } },
      async handler(request) {
        const device = await simple.setPosition(request.params.id, request.payload.lat, request.payload.lon);
        auditTarget(request, { targetType: 'simpleDevice', targetId: device.id, vesselId: device.vesselId });
        return device;
      },
    },
  });
