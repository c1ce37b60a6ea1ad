/** POST devices/alertLogs/page: a device's alert log, paged (alertManager VIEW on its vessel). */
import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW } from '../../../access/api.js';
import { alertLogOfPaths } from '../../alert-log.js';
import type { PropertyDirectory } from '../../properties.js';
import { LOG_ACTIONS, type LogAction } from '../../repository.js';

type LogFilter = { deviceId: number; from?: string; to?: string; actions?: LogAction[] };

export const deviceAlertLogPage = (ctx: AppContext, properties: PropertyDirectory) =>
  defineRoute<{ Payload: PageRequest<LogFilter> }>({
    method: 'POST',
    path: '/api/devices/alertLogs/page',
    options: {
      tags: ['api', 'devices', 'alerts'],
      description: "A device's alert log, newest first, paged; filter {deviceId, from?, to?, actions?} (alertManager VIEW)",
      validate: {
        payload: pageRequestSchema(
          Joi.object({
            deviceId: Joi.number().integer().min(1).required(),
            from: Joi.string().isoDate(),
            to: Joi.string().isoDate(),
            actions: Joi.array()
              .items(Joi.string().valid(...LOG_ACTIONS))
              .unique()
              .max(LOG_ACTIONS.length),
          }).required(),
        ),
      },
      plugins: { vessel: { entity: 'device', payload: 'filter.deviceId', needs: [ALERTS_VIEW] } },
      async handler(request) {
        const { filter, page, size } = request.payload;
        const device = await properties.deviceOf(ctx.db, filter.deviceId);
        if (!device) throw Boom.notFound('Device not found');
        return alertLogOfPaths(ctx.db, device.bridgeId, device.paths, { page, size, from: filter.from, to: filter.to, actions: filter.actions });
      },
    },
  });
