import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PaymentsService } from '../../payments-service.js';

/** GET profile/subscriptions: the subscription of each vessel whose billing the caller may see (billingManager VIEW). */
export const profileSubscriptions = (payments: PaymentsService) =>
  defineRoute({
    method: 'GET',
    path: '/api/profile/subscriptions',
    options: {
      tags: ['api', 'profile', 'billing'],
      description: 'The latest subscription of each vessel whose billing the caller may see: products, term, renewal date, notice deadline',
      handler: (request) => payments.subscriptionsOf(callerOf(request).id),
    },
  });
