/**
 * The alert log of a device (alertManager VIEW on its vessel): every transition of the alerts
 * raised on its properties, with who made it and when. Another tenant's device answers 404
 * like a missing one.
 */
import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { pageRequestSchema, type PageRequest } from '../../../platform/pagination.js';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import { alertLogOfPaths } from '../../alerts/api.js';
import { vesselIdsOfBridges } from '../../bridges/api.js';
import { accessOf, allows, type AccessNeed } from '../../vessel/api.js';
import * as repo from '../repository.js';

const ALERTS_VIEW: AccessNeed = { area: 'alertManager', level: 'VIEW' };

type LogFilter = { deviceId: number; from?: string; to?: string };

async function readableDevice(ctx: AppContext, userId: number, deviceId: number) {
  const device = await repo.deviceWithPaths(ctx.db, deviceId);
  const vesselId = device ? (await vesselIdsOfBridges(ctx.db, [device.bridgeId])).get(device.bridgeId) : undefined;
  const access = vesselId === undefined ? null : await accessOf(ctx.db, userId, vesselId);
  if (!device || !access) throw Boom.notFound('Device not found');
  if (!allows(access, ALERTS_VIEW)) throw Boom.forbidden('You need VIEW on alertManager for this');
  return device;
}

export const deviceAlertLogs = (ctx: AppContext) =>
  defineRoute<{ Params: { deviceId: number } }>({
    method: 'GET',
    path: '/api/devices/{deviceId}/alertLogs',
    options: {
      tags: ['api', 'devices', 'alerts'],
      description: "The newest 100 entries of a device's alert log (alertManager VIEW)",
      validate: { params: Joi.object({ deviceId: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        const device = await readableDevice(ctx, callerOf(request).id, request.params.deviceId);
        return (await alertLogOfPaths(ctx.db, device.bridgeId, device.paths, { page: 0, size: 100 })).content;
      },
    },
  });

export const deviceAlertLogPage = (ctx: AppContext) =>
  defineRoute<{ Payload: PageRequest<LogFilter> }>({
    method: 'POST',
    path: '/api/devices/alertLogs/page',
    options: {
      tags: ['api', 'devices', 'alerts'],
      description: "A device's alert log, newest first, paged; filter {deviceId, from?, to?} (alertManager VIEW)",
      validate: { payload: pageRequestSchema(Joi.object({ deviceId: Joi.number().integer().min(1).required(), from: Joi.string().isoDate(), to: Joi.string().isoDate() }).required()) },
      async handler(request) {
        const { filter, page, size } = request.payload;
        const device = await readableDevice(ctx, callerOf(request).id, filter.deviceId);
        return alertLogOfPaths(ctx.db, device.bridgeId, device.paths, { page, size, from: filter.from, to: filter.to });
      },
    },
  });
