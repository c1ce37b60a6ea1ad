/**
 * The access module: the grants on vessels and the one place that decides what a caller may
 * see and do (`server.plugins.access.api`), plus the vessel-scoped route option every vessel
 * route uses (scope.ts). Its directory of owners, staff and bridges is handed in by server.ts.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { type AccessApi, type AccessDirectory, createAccessApi } from './api.js';
import { registerVesselScope } from './scope.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    access: { api: AccessApi };
  }
}

export interface AccessModuleOptions extends ModuleOptions {
  directory: AccessDirectory;
}

export const accessModule: Plugin<AccessModuleOptions> = {
  name: 'access',
  dependencies: ['auth'],
  register(server, { ctx, directory }) {
    const api = createAccessApi(ctx.db, directory, { now: () => ctx.clock.now(), events: ctx.events });
    server.expose('api', api);
    registerVesselScope(server, ctx.db, api, directory);
  },
};
