/**
 * The profile module: the signed-in user's own details, preferences, navigation, vendors,
 * picture, password and account deletion.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { accountRoutes } from './routes/account.js';
import { detailsRoutes } from './routes/details.js';
import { vendorRoutes } from './routes/vendors.js';

export const profileModule: Plugin<ModuleOptions> = {
  name: 'profile',
  dependencies: ['auth', 'admin'],
  register(server, { ctx }) {
    server.route([...detailsRoutes(server, ctx), ...accountRoutes(server, ctx), ...vendorRoutes(ctx)]);
  },
};
