import { defineRoute } from '../../../../platform/routes.js';
import type { BillingService } from '../../service.js';

/** GET admin/vouchers: codes masked (showCode answers one in full). */
export const listVouchers = (billing: BillingService) =>
  defineRoute({
    method: 'GET',
    path: '/api/admin/vouchers',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'billing'],
      description: 'Vouchers (codes masked; see showCode)',
      handler: () => billing.vouchers(),
    },
  });
