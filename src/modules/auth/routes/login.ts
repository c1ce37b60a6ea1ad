import type { ServerRoute } from '@hapi/hapi';
import { auditTarget } from '../../../platform/audit.js';
import type { AuthService } from '../service.js';
import { loginPayload } from '../schemas.js';
import type { SessionCredentials } from '../types.js';
import * as repo from '../repository.js';
import { findCompanyOf } from '../../org/api.js';

export const loginRoutes = (service: AuthService): ServerRoute[] => [
  {
    method: 'POST',
    path: '/api/auth/login',
    options: {
      auth: false,
      tags: ['api', 'auth'],
      description: 'Sign in with e-mail and password; answers the session key',
      validate: { payload: loginPayload },
      async handler(request) {
        const { username, password } = request.payload as { username: string; password: string };
        auditTarget(request, { targetType: 'user', actorEmail: username });
        const token = await service.login(username, password, { ip: request.info.remoteAddress, userAgent: (request.headers['user-agent'] as string | undefined) ?? null });
        return { token };
      },
    },
  },
  {
    method: 'POST',
    path: '/api/auth/checkSession',
    options: {
      tags: ['api', 'auth'],
      description: 'The signed-in user, or 401 when the session is not valid',
      async handler(request) {
        const { user } = request.auth.credentials as unknown as SessionCredentials;
        const full = await repo.findUserById(request.server.app.ctx.db, user.id);
        const company = await findCompanyOf(request.server.app.ctx.db, user.id);
        return {
          id: user.id,
          email: user.email,
          firstName: full?.firstName ?? '',
          lastName: full?.lastName ?? '',
          isAdmin: user.isAdmin,
          corporate: company !== null,
          companyId: company?.id ?? null,
          companyKind: company?.kind ?? null,
        };
      },
    },
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    options: {
      tags: ['api', 'auth'],
      description: 'Ends this session on the server',
      async handler(request) {
        const { sessionId } = request.auth.credentials as unknown as SessionCredentials;
        await service.logout(sessionId);
        return null;
      },
    },
  },
];
