import { randomUUID } from 'node:crypto';
import Boom from '@hapi/boom';
import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { type AccessApi, DEVICES_VIEW, vesselOf } from '../../access/api.js';
import { commandPayload, vesselIdParams } from '../schemas.js';
import type { CommandRequests } from '../requests.js';

/**
 * POST vessel/{id}/sendCommand (docs/protocol.md control): deviceManager VIEW and allowDeviceControl;
 * writable properties only; an offline vessel refuses at once (418) unless the caller asked to
 * queue the command; 418 for an unsubscribed vessel outside its test period; 504 when the command did not reach a final state in time. The command and
 * its outcome go to the vessel's audit log.
 */
export const sendCommand = (requests: CommandRequests, access: Pick<AccessApi, 'requireCloudService'>) =>
  defineRoute<{ Params: { id: number }; Payload: { deviceProperty: number; value: unknown; requestId?: string; queueForSeconds?: number } }>({
    method: 'POST',
    path: '/api/vessel/{id}/sendCommand',
    options: {
      tags: ['api', 'vessel', 'devices'],
      description:
        'Set a writable property on board; answers the final CommandStatus (CONFIRMED or FAILED; 504 on TIMEOUT), or QUEUED at once when the vessel is offline and queueForSeconds is given (deviceManager VIEW and allowDeviceControl)',
      validate: { params: vesselIdParams, payload: commandPayload },
      plugins: { vessel: { needs: [DEVICES_VIEW, { flag: 'allowDeviceControl' }], bridge: true } },
      async handler(request) {
        const { vesselId, bridge } = vesselOf(request);
        const { deviceProperty, value, requestId = randomUUID(), queueForSeconds } = request.payload;
        const target = await requests.target(bridge, deviceProperty);
        // Without a subscription, outside the test period, nothing is sent (418 saying why and how to renew).
        await access.requireCloudService(vesselId, 'commands');
        const command = { path: target.property.path, value, requestId };
        auditTarget(request, { targetType: 'property', targetId: target.property.id, vesselId, details: command });
        const status = await requests.send(vesselId, target, { value, requestId, queueForSeconds });
        auditTarget(request, { details: { ...command, state: status.state, statusCode: status.statusCode } });
        if (status.state === 'TIMEOUT') throw Boom.gatewayTimeout('The vessel did not answer in time', { public: true });
        return status;
      },
    },
  });
