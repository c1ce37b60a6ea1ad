/** POST devices/alertLogs/page: a device's alert log, paged (alertManager VIEW on its vessel). */
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { AccessApi } from '../../../access/api.js';
import { alertLogOfPaths } from '../../../alerts/api.js';
import { readableDevice } from './support.js';

type LogFilter = { deviceId: number; from?: string; to?: string };

export const deviceAlertLogPage = (ctx: AppContext, access: AccessApi) =>
  defineRoute<{ Payload: PageRequest<LogFilter> }>({
    method: 'POST',
    path: '/api/devices/alertLogs/page',
    options: {
      tags: ['api', 'devices', 'alerts'],
      description: "A device's alert log, newest first, paged; filter {deviceId, from?, to?} (alertManager VIEW)",
      validate: {
        payload: pageRequestSchema(
          Joi.object({ deviceId: Joi.number().integer().min(1).required(), from: Joi.string().isoDate(), to: Joi.string().isoDate() }).required(),
        ),
      },
      async handler(request) {
        const { filter, page, size } = request.payload;
        const device = await readableDevice(ctx, access, callerOf(request).id, filter.deviceId);
        return alertLogOfPaths(ctx.db, device.bridgeId, device.paths, { page, size, from: filter.from, to: filter.to });
      },
    },
  });
