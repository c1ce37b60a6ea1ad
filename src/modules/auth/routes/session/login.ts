import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { loginPayload } from '../../schemas.js';
import type { AuthService } from '../../service.js';
import { clientOf } from '../client.js';

/** POST auth/login {username, password}: the session key; every attempt counts against the login limits. */
export const login = (auth: AuthService) =>
  defineRoute<{ Payload: { username: string; password: string } }>({
    method: 'POST',
    path: '/api/auth/login',
    options: {
      auth: false,
      tags: ['api', 'auth'],
      description: 'Sign in with e-mail and password; answers the session key (429 with Retry-After when limited)',
      validate: { payload: loginPayload },
      async handler(request) {
        const { username, password } = request.payload;
        auditTarget(request, { targetType: 'user', actorEmail: username });
        return { token: await auth.login(username, password, clientOf(request)) };
      },
    },
  });
