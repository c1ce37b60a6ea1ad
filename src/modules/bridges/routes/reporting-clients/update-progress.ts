import { defineRoute } from '../../../../platform/routes.js';
import { bridgeIdParams } from '../../schemas.js';
import type { BridgeService } from '../../service.js';
import { targetBridge } from './target.js';

/** GET admin/reportingClients/{id}/updateProgress: the latest software update and how far it got. */
export const updateProgress = (bridges: BridgeService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/admin/reportingClients/{id}/updateProgress',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: 'The latest software update of a reporting client and how far it got (null when none was asked for)',
      validate: { params: bridgeIdParams },
      handler: async (request) => bridges.latestRequest((await targetBridge(bridges, request)).id, 'softwareUpdate'),
    },
  });
