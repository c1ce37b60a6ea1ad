/**
 * The billing module: products, vouchers and vessel subscriptions.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { billingAdminRoutes } from './routes/admin.js';
import { subscriptionRoutes } from './routes/subscriptions.js';

export const billingModule: Plugin<ModuleOptions> = {
  name: 'billing',
  dependencies: ['auth'],
  register(server, { ctx }) {
    server.route([...subscriptionRoutes(ctx), ...billingAdminRoutes(ctx)]);
  },
};
