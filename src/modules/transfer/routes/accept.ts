import type { TransferAcceptance } from '../../../../contracts/transfer.js';
import { auditTarget } from '../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import { acceptancePayload, transferParams } from '../schemas.js';
import type { TransferService } from '../service.js';

/** POST vessel/transfers/{transferId}/accept {keepMembers, keepCompanies}: the buyer takes the vessel; everyone not kept loses access. */
export const acceptTransfer = (transfers: TransferService) =>
  defineRoute<{ Params: { transferId: number }; Payload: TransferAcceptance }>({
    method: 'POST',
    path: '/api/vessel/transfers/{transferId}/accept',
    options: {
      tags: ['api', 'transfer'],
      description:
        'Accept a transfer (the buyer): you own the vessel from now on; the seller and every member or company not kept lose access; the subscription stays with the vessel',
      validate: { params: transferParams, payload: acceptancePayload },
      async handler(request) {
        const transfer = await transfers.accept(callerOf(request), request.params.transferId, request.payload);
        auditTarget(request, { targetType: 'transfer', targetId: transfer.id, vesselId: transfer.vesselId });
        return transfer;
      },
    },
  });
