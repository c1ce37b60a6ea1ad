/**
 * The auth module: the `session` auth strategy every other route runs behind, login, logout,
 * link keys and registration. It depends on no other module: whatever a session summary needs
 * from elsewhere (the user's company) is added by the profile module, and modules that own the
 * objects behind links guard the link keys to them through `guardLinks`.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { createAuthApi, type AuthApi } from './api.js';
import { completeRegistration } from './routes/register/complete-registration.js';
import { createAccount } from './routes/register/create-account.js';
import { forgottenPassword } from './routes/register/forgotten-password.js';
import { redeemSignInLink, requestSignInLink } from './routes/session/sign-in-link.js';
import { resetPassword } from './routes/register/reset-password.js';
import { assertLinkRoute, LinkKeys } from './link-keys.js';
import { DEVICE_COOKIE } from './login-throttle.js';
import { createLinkKey } from './routes/session/link-key.js';
import { login } from './routes/session/login.js';
import { logout } from './routes/session/logout.js';
import { AuthService } from './service.js';
import { registerSessionStrategy } from './strategy.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    auth: { api: AuthApi };
  }
}

export const authModule: Plugin<ModuleOptions> = {
  name: 'auth',
  async register(server, { ctx }) {
    const auth = new AuthService(ctx);
    const links = new LinkKeys(ctx.config.sessionSecret, ctx.limits, () => ctx.clock.now());
    server.expose('api', createAuthApi(ctx, auth, links));
    registerSessionStrategy(server, auth.tokens, links, auth);
    // A route that declares link keys but cannot take them fails the boot, whichever module added it.
    server.ext('onPreStart', () => server.table().forEach(assertLinkRoute));
    // A browser's device keys, sent back to the login route alone (login-throttle.ts). A malformed
    // cookie is ignored, never an error: it only ever buys a login budget.
    server.state(DEVICE_COOKIE.name, {
      ttl: DEVICE_COOKIE.ttlMs,
      path: DEVICE_COOKIE.path,
      isHttpOnly: true,
      isSameSite: 'Strict',
      isSecure: ctx.config.publicUrl.startsWith('https:'),
      encoding: 'none',
      strictHeader: true,
      ignoreErrors: true,
      clearInvalid: true,
    });
    server.route([
      login(auth),
      logout(auth),
      createLinkKey(links),
      createAccount(auth),
      completeRegistration(auth),
      forgottenPassword(auth),
      resetPassword(auth),
      requestSignInLink(auth),
      redeemSignInLink(auth),
    ]);
  },
};
