import { auditTarget } from '../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import { transferParams } from '../schemas.js';
import type { TransferService } from '../service.js';

/** POST vessel/transfers/{transferId}/decline: the buyer says no; nothing changes on the vessel. */
export const declineTransfer = (transfers: TransferService) =>
  defineRoute<{ Params: { transferId: number } }>({
    method: 'POST',
    path: '/api/vessel/transfers/{transferId}/decline',
    options: {
      tags: ['api', 'transfer'],
      description: 'Decline a transfer offered to you; the seller is told and nothing changes',
      validate: { params: transferParams },
      async handler(request) {
        const transfer = await transfers.decline(callerOf(request), request.params.transferId);
        auditTarget(request, { targetType: 'transfer', targetId: transfer.id, vesselId: transfer.vesselId });
        return transfer;
      },
    },
  });
