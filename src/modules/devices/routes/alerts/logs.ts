/**
 * GET devices/{deviceId}/alertLogs: the alert log of a device (alertManager VIEW on its vessel):
 * every transition of the alerts raised on its properties, with who made it and when.
 */
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { AccessApi } from '../../../access/api.js';
import { alertLogOfPaths } from '../../../alerts/api.js';
import { readableDevice } from './support.js';

export const deviceAlertLogs = (ctx: AppContext, access: AccessApi) =>
  defineRoute<{ Params: { deviceId: number } }>({
    method: 'GET',
    path: '/api/devices/{deviceId}/alertLogs',
    options: {
      tags: ['api', 'devices', 'alerts'],
      description: "The newest 100 entries of a device's alert log (alertManager VIEW)",
      validate: { params: Joi.object({ deviceId: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        const device = await readableDevice(ctx, access, callerOf(request).id, request.params.deviceId);
        return (await alertLogOfPaths(ctx.db, device.bridgeId, device.paths, { page: 0, size: 100 })).content;
      },
    },
  });
