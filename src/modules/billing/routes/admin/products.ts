import { defineRoute } from '../../../../platform/routes.js';
import type { BillingService } from '../../service.js';

/** GET admin/products/all. */
export const listProducts = (billing: BillingService) =>
  defineRoute({
    method: 'GET',
    path: '/api/admin/products/all',
    options: { auth: { scope: 'admin' }, tags: ['api', 'admin', 'billing'], description: 'Every product', handler: () => billing.products() },
  });
