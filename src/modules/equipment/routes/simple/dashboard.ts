import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { SIMPLE_TAGS } from './support.js';

/** GET simpleDevices/dashboard/{vesselId}: the vessel's gauges with their current values (deviceManager VIEW). */
export const gaugeDashboard = (simple: SimpleDevicesService) =>
  defineRoute<{ Params: { vesselId: number } }>({
    method: 'GET',
    path: '/api/simpleDevices/dashboard/{vesselId}',
    options: {
      tags: SIMPLE_TAGS,
      description: "The fields included in gauges, device by device, with their properties' current values and units (deviceManager VIEW)",
      validate: { params: Joi.object({ vesselId: Joi.number().integer().required() }) },
      plugins: { vessel: { param: 'vesselId', needs: [DEVICES_VIEW] } },
      handler: (request) => simple.dashboard(vesselOf(request).vesselId),
    },
  });
