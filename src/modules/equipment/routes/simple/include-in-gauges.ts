import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_MANAGE } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { fieldId, SIMPLE_TAGS } from './support.js';

/** POST simpleDevices/setIncludeInGauges {fieldId, include}: whether the field is a gauge of the dashboard (deviceManager MANAGE). */
export const setIncludeInGauges = (simple: SimpleDevicesService) =>
  defineRoute<{ Payload: { fieldId: number; include: boolean } }>({
    method: 'POST',
    path: '/api/simpleDevices/setIncludeInGauges',
    options: {
      tags: SIMPLE_TAGS,
      description: "Include a field in the vessel's gauge dashboard or leave it out (deviceManager MANAGE)",
      validate: { payload: Joi.object({ fieldId, include: Joi.boolean().required() }) },
      plugins: { vessel: { entity: 'simpleDeviceField', payload: 'fieldId', needs: [DEVICES_MANAGE] } },
      handler(request) {
        auditTarget(request, { targetType: 'simpleDeviceField', targetId: request.payload.fieldId });
        return simple.includeInGauges(request.payload.fieldId, request.payload.include);
      },
    },
  });
