import { defineRoute } from '../../../../platform/routes.js';
import type { BillingService } from '../../service.js';

/** GET admin/subscriptions: every vessel subscription, newest first. */
export const listSubscriptions = (billing: BillingService) =>
  defineRoute({
    method: 'GET',
    path: '/api/admin/subscriptions',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'billing'],
      description: 'Vessel subscriptions, newest first',
      handler: () => billing.subscriptions(),
    },
  });
