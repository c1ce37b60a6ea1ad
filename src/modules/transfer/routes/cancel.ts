import { auditTarget } from '../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import { transferParams } from '../schemas.js';
import type { TransferService } from '../service.js';

/** POST vessel/transfers/{transferId}/cancel: the seller or the buyer withdraws before the acceptance. */
export const cancelTransfer = (transfers: TransferService) =>
  defineRoute<{ Params: { transferId: number } }>({
    method: 'POST',
    path: '/api/vessel/transfers/{transferId}/cancel',
    options: {
      tags: ['api', 'transfer'],
      description: 'Cancel a transfer waiting for an answer (the seller or the buyer); the other side is told and nothing changes',
      validate: { params: transferParams },
      async handler(request) {
        const transfer = await transfers.cancel(callerOf(request), request.params.transferId);
        auditTarget(request, { targetType: 'transfer', targetId: transfer.id, vesselId: transfer.vesselId });
        return transfer;
      },
    },
  });
