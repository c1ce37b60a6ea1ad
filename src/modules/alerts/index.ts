/**
 * The alerts module: vessel alerts raised and cleared by the Signal K notifications bridges
 * send (applied by the devices module's ingest through api.ts), acknowledged and silenced here.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { alertRoutes } from './routes/alerts.js';

export const alertsModule: Plugin<ModuleOptions> = {
  name: 'alerts',
  dependencies: ['auth'],
  register(server, { ctx }) {
    server.route(alertRoutes(ctx));
  },
};
