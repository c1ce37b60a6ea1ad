/**
 * The vessel module: vessels, their members and companies, permissions, pairing, notes,
 * documents (the geofence belongs to the alerts module).
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { companyRoutes } from './routes/companies.js';
import { contentRoutes } from './routes/content.js';
import { logRoutes } from './routes/logs.js';
import { memberRoutes } from './routes/members.js';
import { pairingRoutes } from './routes/pairing.js';
import { vesselRoutes } from './routes/vessels.js';

export const vesselModule: Plugin<ModuleOptions> = {
  name: 'vessel',
  dependencies: ['auth'],
  register(server, { ctx }) {
    server.route([...vesselRoutes(server, ctx), ...memberRoutes(server, ctx), ...companyRoutes(ctx), ...pairingRoutes(server, ctx), ...contentRoutes(ctx), ...logRoutes(ctx)]);
  },
};
