import { callerOf, defineRoute } from '../../../platform/routes.js';
import type { TransferService } from '../service.js';

/** GET vessel/transfers: the transfers offered to the caller, with who is on board now. */
export const incomingTransfers = (transfers: TransferService) =>
  defineRoute({
    method: 'GET',
    path: '/api/vessel/transfers',
    options: {
      tags: ['api', 'transfer'],
      description: 'Transfers of vessels offered to you and waiting for your answer, with the members and companies you may keep',
      handler: (request) => transfers.incoming(callerOf(request).id),
    },
  });
