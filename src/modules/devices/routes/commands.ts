/**
 * POST vessel/{id}/sendCommand (BRIDGE.md control): deviceManager VIEW and allowDeviceControl;
 * writable properties only; an offline vessel refuses at once (418) unless the caller asked to
 * queue the command; 504 when the command did not reach a final state in time. GET
 * vessel/{id}/commands/{requestId} reads a command's state (deviceManager VIEW). The command and
 * its outcome go to the vessel's audit log.
 */
import { randomUUID } from 'node:crypto';
import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { ruleRefused } from '../../../platform/errors.js';
import type { CommandService } from '../commands.js';
import * as repo from '../repository.js';
import { commandPayload, requestIdSchema, vesselIdParams } from '../schemas.js';
import { DEVICES_VIEW, vesselAndBridge } from './support.js';

export function commandRoutes(ctx: AppContext, commands: CommandService): ServerRoute[] {
  const { db } = ctx;
  return [
    {
      method: 'POST',
      path: '/api/vessel/{id}/sendCommand',
      options: {
        tags: ['api', 'vessel', 'devices'],
        description:
          'Set a writable property on board; answers the final CommandStatus (CONFIRMED or FAILED; 504 on TIMEOUT), or QUEUED at once when the vessel is offline and queueForSeconds is given (deviceManager VIEW and allowDeviceControl)',
        validate: { params: vesselIdParams, payload: commandPayload },
        async handler(request) {
          const vesselId = (request.params as { id: number }).id;
          const { deviceProperty, value, requestId = randomUUID(), queueForSeconds } = request.payload as { deviceProperty: number; value: unknown; requestId?: string; queueForSeconds?: number };
          const { bridge } = await vesselAndBridge(db, request, vesselId, DEVICES_VIEW, { flag: 'allowDeviceControl' });
          const property = await repo.findProperty(db, deviceProperty);
          if (!bridge || !property || property.bridgeId !== bridge.id) throw Boom.notFound('Property not found');
          const command = { path: property.path, value, requestId };
          auditTarget(request, { targetType: 'property', targetId: property.id, vesselId, details: command });
          if (!property.writable) throw ruleRefused('This property cannot be controlled');
          if (typeof value === 'number' && ((property.min !== null && value < property.min) || (property.max !== null && value > property.max))) {
            throw Boom.badRequest(`value must be between ${property.min ?? '-∞'} and ${property.max ?? '∞'}`);
          }
          if (!queueForSeconds && !commands.isOnline(bridge.serial)) throw ruleRefused('Vessel is offline');

          const status = await commands.submit({ vesselId, bridgeId: bridge.id, serial: bridge.serial, propertyId: property.id, queueForSeconds, ...command });
          auditTarget(request, { details: { ...command, state: status.state, statusCode: status.statusCode } });
          if (status.state === 'TIMEOUT') throw Boom.gatewayTimeout('The vessel did not answer in time', { public: true });
          return status;
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/{id}/commands/{requestId}',
      options: {
        tags: ['api', 'vessel', 'devices'],
        description: 'A command’s state (CommandStatus) by its requestId (deviceManager VIEW)',
        validate: { params: vesselIdParams.keys({ requestId: requestIdSchema.required() }) },
        async handler(request) {
          const { id: vesselId, requestId } = request.params as { id: number; requestId: string };
          await vesselAndBridge(db, request, vesselId, DEVICES_VIEW);
          const status = await commands.status(vesselId, requestId);
          if (!status) throw Boom.notFound('Command not found');
          return status;
        },
      },
    },
  ];
}
