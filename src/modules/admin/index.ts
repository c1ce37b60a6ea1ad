/**
 * The admin module: platform administration, for platform administrators only.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { createAdminApi, type AdminApi } from './api.js';
import { countries } from './routes/catalogue/countries.js';
import { createLanguage } from './routes/catalogue/languages-create.js';
import { listLanguages } from './routes/catalogue/languages-list.js';
import { createNavigation } from './routes/catalogue/navigation-create.js';
import { listNavigation } from './routes/catalogue/navigation-list.js';
import { auditTrail, logs } from './routes/logs/by-query.js';
import { logsPage } from './routes/logs/page.js';
import { activateUser, makeAdmin, revokeAdmin, suspendUser } from './routes/users/actions.js';
import { changeUserPassword } from './routes/users/change-password.js';
import { createUser } from './routes/users/create.js';
import { deleteUser } from './routes/users/delete.js';
import { inviteUser } from './routes/users/invite.js';
import { listUsers } from './routes/users/list.js';
import { Administration } from './service.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    admin: { api: AdminApi };
  }
}

export const adminModule: Plugin<ModuleOptions> = {
  name: 'admin',
  dependencies: ['auth'],
  register(server, { ctx }) {
    const { db } = ctx;
    const admin = new Administration(db, server.plugins.auth.api);
    server.expose('api', createAdminApi(db));
    server.route([
      listUsers(admin),
      createUser(admin),
      inviteUser(admin),
      makeAdmin(admin),
      revokeAdmin(admin),
      suspendUser(admin),
      activateUser(admin),
      changeUserPassword(admin),
      deleteUser(admin),
      logs(db),
      auditTrail(db),
      logsPage(db),
      listNavigation(admin),
      createNavigation(admin),
      countries(db),
      listLanguages(db),
      createLanguage(db),
    ]);
  },
};
