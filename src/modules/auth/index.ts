/**
 * The auth module: the `session` auth strategy every other route runs behind, login, logout,
 * session checks and registration.
 */
import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { createAuthApi, type AuthApi } from './api.js';
import { loginRoutes } from './routes/login.js';
import { registerRoutes } from './routes/register.js';
import { AuthService } from './service.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    auth: { api: AuthApi; service: AuthService };
  }
  interface PluginSpecificConfiguration {
    /** true: the session key may also come as `?sessionKey=` (links for images, streams). */
    sessionKeyInQuery?: boolean;
  }
}

function sessionKeyOf(request: Request): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(String(header));
    return match ? (match[1] as string) : null;
  }
  if (request.route.settings.plugins?.sessionKeyInQuery && typeof request.query.sessionKey === 'string') return request.query.sessionKey;
  return null;
}

export const authModule: Plugin<ModuleOptions> = {
  name: 'auth',
  register(server, { ctx }) {
    const service = new AuthService(ctx);
    server.expose('api', createAuthApi(ctx, service));
    server.expose('service', service);

    server.auth.scheme('session', () => ({
      async authenticate(request, h) {
        const key = sessionKeyOf(request);
        // No message: hapi reads that as "no credentials", which optional-auth routes accept.
        if (!key) throw Boom.unauthorized(null, 'Bearer');
        const credentials = await service.authenticate(key);
        if (!credentials) throw Boom.unauthorized('Your session has ended. Please sign in again.', 'Bearer');
        return h.authenticated({ credentials: credentials as any });
      },
    }));
    server.auth.strategy('session', 'session');
    server.auth.default('session');

    server.route([...loginRoutes(service), ...registerRoutes(service)]);
  },
};
