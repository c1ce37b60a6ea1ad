import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PaymentsService } from '../../payments-service.js';

/** GET profile/paymentItems: the invoices the caller paid, newest first. */
export const paymentItems = (payments: PaymentsService) =>
  defineRoute({
    method: 'GET',
    path: '/api/profile/paymentItems',
    options: {
      tags: ['api', 'profile', 'billing'],
      description: 'The invoices of the charges the caller paid, newest first',
      handler: (request) => payments.invoices(callerOf(request).id),
    },
  });
