import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { fieldId, SIMPLE_TAGS } from './support.js';

/** POST simpleDevices/setFieldOrder {deviceId, fieldIds}: each of the device's fields once, in the new order (deviceManager MANAGE). */
export const setFieldOrder = (simple: SimpleDevicesService) =>
  defineRoute<{ Payload: { deviceId: number; fieldIds: number[] } }>({
    method: 'POST',
    path: '/api/simpleDevices/setFieldOrder',
    options: {
      tags: SIMPLE_TAGS,
      description: "Reorder a device's fields; fieldIds lists each of them exactly once (deviceManager MANAGE)",
      validate: { payload: Joi.object({ deviceId: Joi.number().integer().min(1).required(), fieldIds: Joi.array().items(fieldId).max(50).required() }) },
      plugins: { vessel: { entity: 'simpleDevice', payload: 'deviceId', needs: [DEVICES_MANAGE] } },
      async handler(request) {
        const device = await simple.orderFields(request.payload.deviceId, request.payload.fieldIds);
        auditTarget(request, { targetType: 'simpleDevice', targetId: device.id, vesselId: device.vesselId });
        return device;
      },
    },
  });
