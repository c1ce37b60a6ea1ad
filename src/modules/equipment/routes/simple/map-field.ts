import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE, vesselOf } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { fieldId, SIMPLE_TAGS } from './support.js';

/** POST simpleDevices/mapSimpleDeviceField {fieldId, propertyId}: a property of the same vessel only (deviceManager MANAGE). */
export const mapSimpleDeviceField = (simple: SimpleDevicesService) =>
  defineRoute<{ Payload: { fieldId: number; propertyId: number } }>({
    method: 'POST',
    path: '/api/simpleDevices/mapSimpleDeviceField',
    options: {
      tags: SIMPLE_TAGS,
      description: "Show a property of the vessel's bridge in a field; another vessel's property is not found (deviceManager MANAGE)",
      validate: { payload: Joi.object({ fieldId, propertyId: Joi.number().integer().min(1).required() }) },
      plugins: { vessel: { entity: 'simpleDeviceField', payload: 'fieldId', needs: [DEVICES_MANAGE] } },
      handler(request) {
        auditTarget(request, { targetType: 'simpleDeviceField', targetId: request.payload.fieldId });
        return simple.mapField(vesselOf(request).vesselId, request.payload.fieldId, request.payload.propertyId);
      },
    },
  });
