import Boom from '@hapi/boom';
import { defineRoute } from '../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../access/api.js';
import { requestIdSchema, vesselIdParams } from '../schemas.js';
import type { CommandRequests } from '../requests.js';

/** GET vessel/{id}/commands/{requestId}: a command's state (deviceManager VIEW). */
export const commandStatus = (requests: CommandRequests) =>
  defineRoute<{ Params: { id: number; requestId: string } }>({
    method: 'GET',
    path: '/api/vessel/{id}/commands/{requestId}',
    options: {
      tags: ['api', 'vessel', 'devices'],
      description: 'A command’s state (CommandStatus) by its requestId (deviceManager VIEW)',
      validate: { params: vesselIdParams.keys({ requestId: requestIdSchema.required() }) },
      plugins: { vessel: { needs: [DEVICES_VIEW] } },
      async handler(request) {
        const status = await requests.status(vesselOf(request).vesselId, request.params.requestId);
        if (!status) throw Boom.notFound('Command not found');
        return status;
      },
    },
  });
