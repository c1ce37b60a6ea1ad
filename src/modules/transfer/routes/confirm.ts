import { auditTarget } from '../../../platform/audit.js';
import { defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import { codeQuery, vesselParams } from '../schemas.js';
import type { TransferService } from '../service.js';

/** POST vessel/{id}/confirmTransfer?code=: the owner's code offers the vessel to the buyer, who is e-mailed. */
export const confirmTransfer = (transfers: TransferService) =>
  defineRoute<{ Params: { id: number }; Query: { code: string } }>({
    method: 'POST',
    path: '/api/vessel/{id}/confirmTransfer',
    options: {
      tags: ['api', 'transfer'],
      description: 'Confirm a transfer with the e-mailed code: the buyer is e-mailed and has 14 days to accept or decline; nothing changes until then',
      validate: { params: vesselParams, query: codeQuery },
      plugins: { vessel: { needs: [{ owner: true }] } },
      async handler(request) {
        const scope = vesselOf(request);
        const transfer = await transfers.confirm(scope.caller, scope.vesselId, request.query.code);
        auditTarget(request, { targetType: 'transfer', targetId: transfer.id, vesselId: scope.vesselId });
        return transfer;
      },
    },
  });
