import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import { busId } from '../../schemas.js';
import type { DevicesService } from '../../service.js';

/**
 * GET devices/busProperties?vesselId=&bus=: what a vessel's bus carries (deviceManager VIEW). The
 * bus alone names no vessel, so the vessel comes in the query as for discovery/messageSources.
 */
export const busProperties = (devices: DevicesService) =>
  defineRoute<{ Query: { vesselId: number; bus: string } }>({
    method: 'GET',
    path: '/api/devices/busProperties',
    options: {
      tags: ['api', 'devices'],
      description:
        "The properties whose current value came through a bus of the vessel's bridge: {id, deviceId, deviceName, path, displayName, units, value, timestamp, source} (deviceManager VIEW)",
      validate: { query: Joi.object({ vesselId: Joi.number().integer().required(), bus: busId.required() }) },
      plugins: { vessel: { query: 'vesselId', needs: [DEVICES_VIEW], bridge: true } },
      handler: (request) => devices.busProperties(vesselOf(request).bridge, request.query.bus),
    },
  });
