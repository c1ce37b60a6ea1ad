/**
 * The admin module: platform administration, for platform administrators only.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { createAdminApi, type AdminApi } from './api.js';
import { catalogueRoutes } from './routes/catalogue.js';
import { logRoutes } from './routes/logs.js';
import { userRoutes } from './routes/users.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    admin: { api: AdminApi };
  }
}

export const adminModule: Plugin<ModuleOptions> = {
  name: 'admin',
  dependencies: ['auth'],
  register(server, { ctx }) {
    server.expose('api', createAdminApi(ctx.db));
    server.route([...userRoutes(server), ...logRoutes(ctx), ...catalogueRoutes(ctx)]);
  },
};
