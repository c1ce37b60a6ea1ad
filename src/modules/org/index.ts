/**
 * The org module: companies (dealers, manufacturers, contractors), their staff, and the
 * catalogue of manufacturers and vessel models.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { catalogueRoutes } from './routes/catalogue.js';
import { organisationRoutes } from './routes/organisation.js';

export const orgModule: Plugin<ModuleOptions> = {
  name: 'org',
  dependencies: ['auth'],
  register(server, { ctx }) {
    server.route([...organisationRoutes(server, ctx), ...catalogueRoutes(ctx)]);
  },
};
