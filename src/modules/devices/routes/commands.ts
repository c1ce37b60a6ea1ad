/**
 * POST vessel/{id}/sendCommand (BRIDGE.md control): deviceManager VIEW and allowDeviceControl;
 * writable properties only; refused at once when the vessel is offline; 504 when the bridge
 * gives no final answer in time. The command and its outcome go to the vessel's audit log.
 */
import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { ruleRefused } from '../../../platform/errors.js';
import type { CommandService } from '../commands.js';
import * as repo from '../repository.js';
import { commandValue, vesselIdParams } from '../schemas.js';
import { DEVICES_VIEW, vesselAndBridge } from './support.js';

export function commandRoutes(ctx: AppContext, commands: CommandService): ServerRoute[] {
  const { db } = ctx;
  return [
    {
      method: 'POST',
      path: '/api/vessel/{id}/sendCommand',
      options: {
        tags: ['api', 'vessel', 'devices'],
        description: 'Set a writable property on board; answers the final {requestId, state, statusCode, message?} (deviceManager VIEW and allowDeviceControl)',
        validate: { params: vesselIdParams, payload: Joi.object({ deviceProperty: Joi.number().integer().required(), value: commandValue }) },
        async handler(request) {
          const vesselId = (request.params as { id: number }).id;
          const { deviceProperty, value } = request.payload as { deviceProperty: number; value: unknown };
          const { bridge } = await vesselAndBridge(db, request, vesselId, DEVICES_VIEW, { flag: 'allowDeviceControl' });
          const property = await repo.findProperty(db, deviceProperty);
          if (!bridge || !property || property.bridgeId !== bridge.id) throw Boom.notFound('Property not found');
          const command = { path: property.path, value };
          auditTarget(request, { targetType: 'property', targetId: property.id, vesselId, details: command });
          if (!property.writable) throw ruleRefused('This property cannot be controlled');
          if (typeof value === 'number' && ((property.min !== null && value < property.min) || (property.max !== null && value > property.max))) {
            throw Boom.badRequest(`value must be between ${property.min ?? '-∞'} and ${property.max ?? '∞'}`);
          }
          if (!commands.isOnline(bridge.serial)) throw ruleRefused('Vessel is offline');

          const { requestId, response } = await commands.send({ vesselId, bridgeId: bridge.id, serial: bridge.serial, propertyId: property.id, ...command });
          auditTarget(request, { details: { ...command, requestId, state: response?.state ?? 'TIMEOUT', statusCode: response?.statusCode ?? 504 } });
          if (!response) throw Boom.gatewayTimeout('The vessel did not answer in time', { public: true });
          return { requestId, state: response.state, statusCode: response.statusCode, ...(response.message ? { message: response.message } : {}) };
        },
      },
    },
  ];
}
