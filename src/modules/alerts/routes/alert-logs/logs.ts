/**
 * GET devices/{deviceId}/alertLogs: the alert log of a device (alertManager VIEW on its vessel):
 * every transition of the alerts raised on its properties, with who made it and when.
 */
import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW } from '../../../access/api.js';
import { alertLogOfPaths } from '../../alert-log.js';
import type { PropertyDirectory } from '../../properties.js';

export const deviceAlertLogs = (ctx: AppContext, properties: PropertyDirectory) =>
  defineRoute<{ Params: { deviceId: number } }>({
    method: 'GET',
    path: '/api/devices/{deviceId}/alertLogs',
    options: {
      tags: ['api', 'devices', 'alerts'],
      description: "The newest 100 entries of a device's alert log (alertManager VIEW)",
      validate: { params: Joi.object({ deviceId: Joi.number().integer().min(1).required() }) },
      plugins: { vessel: { entity: 'device', param: 'deviceId', needs: [ALERTS_VIEW] } },
      async handler(request) {
        const device = await properties.deviceOf(ctx.db, request.params.deviceId);
        if (!device) throw Boom.notFound('Device not found');
        return (await alertLogOfPaths(ctx.db, device.bridgeId, device.paths, { page: 0, size: 100 })).content;
      },
    },
  });
