import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { vesselParams } from '../schemas.js';
import type { TransferService } from '../service.js';

/** GET vessel/{id}/transfer: the transfer waiting for its buyer, or null (owner only). */
export const pendingTransfer = (transfers: TransferService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/transfer',
    options: {
      tags: ['api', 'transfer'],
      description: 'The transfer of the vessel waiting for an answer, or null (owner only)',
      validate: { params: vesselParams },
      plugins: { vessel: { needs: [{ owner: true }] } },
      handler: (request) => transfers.pendingOf(vesselOf(request).vesselId),
    },
  });
