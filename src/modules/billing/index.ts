/**
 * The billing module: products, vouchers and vessel subscriptions. Permissions and vessel names
 * come from the access module, so billing depends on no vessel module.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { voucherAttempts } from './api.js';
import { createVoucher } from './routes/admin/create-voucher.js';
import { listProducts } from './routes/admin/products.js';
import { showVoucherCode } from './routes/admin/show-voucher-code.js';
import { listSubscriptions } from './routes/admin/subscriptions.js';
import { listVouchers } from './routes/admin/vouchers.js';
import { createSubscriptionWithVoucher } from './routes/subscriptions/create-with-voucher.js';
import { BillingService } from './service.js';

export const billingModule: Plugin<ModuleOptions> = {
  name: 'billing',
  dependencies: ['auth', 'access'],
  register(server, { ctx }) {
    const billing = new BillingService(ctx.db, server.plugins.access.api, voucherAttempts(ctx.limits));
    server.route([
      createSubscriptionWithVoucher(billing),
      listProducts(billing),
      listSubscriptions(billing),
      listVouchers(billing),
      createVoucher(billing),
      showVoucherCode(billing),
    ]);
  },
};
