/**
 * The profile module: the signed-in user's own details, preferences, navigation, vendors,
 * picture, password and account deletion, and the session summary (auth/checkSession).
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { voucherDetails as findVoucher } from '../billing/api.js';
import { companiesByIds, findCompanyOf } from '../org/api.js';
import { countVesselsOf, setVendorPaused, vendorsOf, vesselsOwnedBy } from '../vessel/api.js';
import { confirmDeletion } from './routes/account/confirm-delete.js';
import { requestDeletion } from './routes/account/delete.js';
import { changePassword } from './routes/account/change-password.js';
import { voucherDetails } from './routes/billing/voucher-details.js';
import { currentProfileDetails } from './routes/details/current.js';
import { details } from './routes/details/details.js';
import { editProfile } from './routes/details/edit.js';
import { profileImage } from './routes/details/image.js';
import { navigation } from './routes/details/navigation.js';
import { preferences } from './routes/details/preferences.js';
import { checkSession } from './routes/session/check-session.js';
import { listVendors } from './routes/vendors/list.js';
import { setVendorState } from './routes/vendors/set-state.js';
import { vendorVessels } from './routes/vendors/vessels.js';
import { ProfileService } from './service.js';

export const profileModule: Plugin<ModuleOptions> = {
  name: 'profile',
  dependencies: ['auth', 'admin'],
  register(server, { ctx }) {
    const { db } = ctx;
    const profile = new ProfileService(
      db,
      {
        accounts: server.plugins.auth.api,
        companies: { companyOf: (userId) => findCompanyOf(db, userId), companiesByIds: (ids) => companiesByIds(db, ids) },
        vessels: {
          ownedBy: (userId) => vesselsOwnedBy(db, userId),
          countOf: (userId) => countVesselsOf(db, userId),
          vendorsOf: (ownerId) => vendorsOf(db, ownerId),
          async setVendorPaused(ownerId, companyId, paused) {
            const changed = await setVendorPaused(db, ownerId, companyId, paused);
            // Every node drops the accesses it keeps: a paused company is refused from the next request.
            if (changed) ctx.events.emit('access.changed', {});
            return changed;
          },
        },
        navigation: server.plugins.admin.api,
        vouchers: { voucherDetails: (code) => findVoucher(db, code) },
      },
      ctx.limits,
    );
    server.route([
      checkSession(profile),
      details(profile),
      preferences(profile),
      navigation(profile),
      currentProfileDetails(profile),
      editProfile(profile),
      profileImage(profile, ctx.config.uploads.imageMaxBytes),
      changePassword(profile),
      requestDeletion(profile),
      confirmDeletion(profile),
      listVendors(profile),
      setVendorState(profile),
      vendorVessels(profile),
      voucherDetails(profile),
    ]);
  },
};
