import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { fieldId, SIMPLE_TAGS } from './support.js';

/** POST simpleDevices/unmapSimpleDeviceField {fieldId}: the field shows nothing until mapped again (deviceManager MANAGE). */
export const unmapSimpleDeviceField = (simple: SimpleDevicesService) =>
  defineRoute<{ Payload: { fieldId: number } }>({
    method: 'POST',
    path: '/api/simpleDevices/unmapSimpleDeviceField',
    options: {
      tags: SIMPLE_TAGS,
      description: 'Forget the property a field shows (deviceManager MANAGE)',
      validate: { payload: Joi.object({ fieldId }) },
      plugins: { vessel: { entity: 'simpleDeviceField', payload: 'fieldId', needs: [DEVICES_MANAGE] } },
      handler(request) {
        auditTarget(request, { targetType: 'simpleDeviceField', targetId: request.payload.fieldId });
        return simple.unmapField(request.payload.fieldId);
      },
    },
  });
