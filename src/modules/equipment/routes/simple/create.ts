import Joi from 'joi';
import { FIELD_KINDS } from '../../../../../contracts/simple-devices.js';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE, vesselOf } from '../../../access/api.js';
import type { NewSimpleDevice, SimpleDevicesService } from '../../simple/service.js';
import { deviceDetails, deviceType, SIMPLE_TAGS } from './support.js';

const field = Joi.object({
  name: Joi.string().trim().min(1).max(100).required(),
  kind: Joi.string()
    .valid(...Object.keys(FIELD_KINDS))
    .required(),
  includeInGauges: Joi.boolean(),
});

/** POST simpleDevices {vesselId, type, name, ...}: a new device with its template's fields unless given (deviceManager MANAGE). */
export const createSimpleDevice = (simple: SimpleDevicesService) =>
  defineRoute<{ Payload: NewSimpleDevice & { vesselId: number } }>({
    method: 'POST',
    path: '/api/simpleDevices',
    options: {
      tags: SIMPLE_TAGS,
      description: "Add a simple device from a template; its fields are the template's unless the payload lists them (deviceManager MANAGE)",
      validate: {
        payload: Joi.object({
          vesselId: Joi.number().integer().required(),
          type: deviceType.required(),
          ...deviceDetails,
          fields: Joi.array().items(field).max(50),
        }),
      },
      plugins: { vessel: { payload: 'vesselId', needs: [DEVICES_MANAGE] } },
      async handler(request) {
        const { vesselId } = vesselOf(request);
        const { vesselId: _, ...device } = request.payload;
        const created = await simple.create(vesselId, device);
        auditTarget(request, { targetType: 'simpleDevice', targetId: created.id, vesselId });
        return created;
      },
    },
  });
