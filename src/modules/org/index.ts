/**
 * The org module: companies (dealers, manufacturers, contractors), their staff, and the
 * catalogue of manufacturers and vessel models.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { manufacturers, dealers } from './routes/catalogue/companies.js';
import { manufacturerModels } from './routes/catalogue/manufacturer-models.js';
import { vesselModel } from './routes/catalogue/vessel-model.js';
import { vesselModels } from './routes/catalogue/vessel-models.js';
import { currentUserPerms } from './routes/organisation/current-user-perms.js';
import { myOrganisation } from './routes/organisation/my-organisation.js';
import { OrgService } from './service.js';

export const orgModule: Plugin<ModuleOptions> = {
  name: 'org',
  dependencies: ['auth'],
  register(server, { ctx }) {
    const org = new OrgService(ctx.db, server.plugins.auth.api);
    server.route([myOrganisation(org), currentUserPerms(org), manufacturers(org), dealers(org), manufacturerModels(org), vesselModels(org), vesselModel(org)]);
  },
};
