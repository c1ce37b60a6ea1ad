/**
 * POST devices/{deviceId}/alertLogs {from?, to?, actions?}: the newest 100 entries of a device's
 * alert log that fall in the window and are of the named kinds (alertManager VIEW on its vessel);
 * the GET's filtered form, as an integration asks "which acknowledgements last week?".
 */
import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW } from '../../../access/api.js';
import { alertLogOfPaths } from '../../alert-log.js';
import type { PropertyDirectory } from '../../properties.js';
import { LOG_ACTIONS, type LogAction } from '../../repository.js';

export const filteredDeviceAlertLogs = (ctx: AppContext, properties: PropertyDirectory) =>
  defineRoute<{ Params: { deviceId: number }; Payload: { from?: string; to?: string; actions?: LogAction[] } }>({
    method: 'POST',
    path: '/api/devices/{deviceId}/alertLogs',
    options: {
      tags: ['api', 'devices', 'alerts'],
      description: "The newest 100 entries of a device's alert log within {from?, to?} and of the given actions? (alertManager VIEW)",
      validate: {
        params: Joi.object({ deviceId: Joi.number().integer().min(1).required() }),
        payload: Joi.object({
          from: Joi.string().isoDate(),
          to: Joi.string().isoDate(),
          actions: Joi.array()
            .items(Joi.string().valid(...LOG_ACTIONS))
            .unique()
            .max(LOG_ACTIONS.length),
        }).default({}),
      },
      plugins: { vessel: { entity: 'device', param: 'deviceId', needs: [ALERTS_VIEW] } },
      async handler(request) {
        const device = await properties.deviceOf(ctx.db, request.params.deviceId);
        if (!device) throw Boom.notFound('Device not found');
        const { from, to, actions } = request.payload ?? {};
        return (await alertLogOfPaths(ctx.db, device.bridgeId, device.paths, { page: 0, size: 100, from, to, actions })).content;
      },
    },
  });
