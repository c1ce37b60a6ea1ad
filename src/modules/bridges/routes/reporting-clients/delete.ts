import { defineRoute } from '../../../../platform/routes.js';
import { bridgeIdParams } from '../../schemas.js';
import type { BridgeService } from '../../service.js';
import { targetBridge } from './target.js';

/** DELETE admin/reportingClients/{id}: with everything it reported; it is disconnected at once. */
export const deleteReportingClient = (bridges: BridgeService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'DELETE',
    path: '/api/admin/reportingClients/{id}',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: 'Delete a reporting client with everything it reported; it is disconnected at once',
      validate: { params: bridgeIdParams },
      async handler(request) {
        await bridges.delete((await targetBridge(bridges, request)).id);
        return { deleted: true };
      },
    },
  });
