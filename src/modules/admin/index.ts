/**
 * The admin module: platform administration, for platform administrators only.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import type { PairingEnd } from '../vessel/api.js';
import { createAdminApi, type AdminApi } from './api.js';
import { countries } from './routes/catalogue/countries.js';
import { customDictionaries } from './routes/catalogue/custom-dictionaries.js';
import { createDocumentCategory, listDocumentCategories } from './routes/catalogue/document-categories.js';
import { listUserTypes } from './routes/catalogue/user-types.js';
import { createCompanyOfKind } from './routes/companies/create.js';
import { companiesOfKind, listCompanies } from './routes/companies/list.js';
import { companiesPage } from './routes/companies/page.js';
import { editCompany } from './routes/companies/update.js';
import { errorReportsPage, listErrorReports, showErrorReport } from './routes/error-reports/list.js';
import { mailOutboxPage } from './routes/mail/page.js';
import { showOutboxMail } from './routes/mail/show.js';
import { adminOverview } from './routes/overview/overview.js';
import { listSubscriptions, subscriptionsPage } from './routes/subscriptions/list.js';
import { usersPage } from './routes/users/page.js';
import { createModel } from './routes/vessel-models/create.js';
import { deleteModel } from './routes/vessel-models/delete.js';
import { setModelImage } from './routes/vessel-models/image.js';
import { editModel } from './routes/vessel-models/update.js';
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

export interface AdminModuleOptions extends ModuleOptions {
  /** Ends the pairings of a user's vessels before the account goes, and its vessels with it (server.ts builds it). */
  pairingEnd: Pick<PairingEnd, 'ofOwner'>;
}

export const adminModule: Plugin<AdminModuleOptions> = {
  name: 'admin',
  dependencies: ['auth'],
  register(server, { ctx, pairingEnd }) {
    const { db } = ctx;
    const admin = new Administration(db, server.plugins.auth.api);
    admin.useVessels(pairingEnd);
    server.expose(
      'api',
      createAdminApi(db, {
        // An operator is nobody's own account: the "not on oneself" rule of the console does not apply.
        deleteAccount: (userId) => admin.deleteUser(null, userId),
        setAccountPassword: async (userId, password) => void (await admin.setPassword(null, userId, password)),
        allNavigation: () => admin.allNavigation(),
        addNavigation: (component) => admin.addNavigation(component),
      }),
    );
    const now = () => ctx.clock.now();
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
      usersPage(admin),
      listCompanies(db),
      companiesOfKind(db),
      companiesPage(db),
      createCompanyOfKind(db),
      editCompany(db),
      createModel(db),
      editModel(db),
      deleteModel(db),
      setModelImage(ctx),
      listDocumentCategories(db),
      createDocumentCategory(db),
      listUserTypes(),
      customDictionaries(),
      listErrorReports(db),
      errorReportsPage(db),
      showErrorReport(db),
      mailOutboxPage(db),
      showOutboxMail(db),
      listSubscriptions(db, now),
      subscriptionsPage(db, now),
      adminOverview(db, server.plugins.auth.api, now),
    ]);
  },
};
