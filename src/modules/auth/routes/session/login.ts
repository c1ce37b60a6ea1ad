import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { loginPayload } from '../../schemas.js';
import { DEVICE_COOKIE, withDeviceKey } from '../../login-throttle.js';
import type { AuthService } from '../../service.js';
import { clientOf } from '../client.js';

/**
 * POST auth/login {username, password, deviceKey?}: the session key and this device's key for its
 * next sign-in; every attempt counts against the login limits, a recognised device's on its own.
 */
export const login = (auth: AuthService) =>
  defineRoute<{ Payload: { username: string; password: string; deviceKey?: string } }>({
    method: 'POST',
    path: '/api/auth/login',
    options: {
      auth: false,
      tags: ['api', 'auth'],
      description: 'Sign in with e-mail and password; answers the session key and a device key to show at the next sign-in (429 with Retry-After when limited)',
      validate: { payload: loginPayload },
      async handler(request, h) {
        const { username, password, deviceKey } = request.payload;
        auditTarget(request, { targetType: 'user', actorEmail: username });
        const cookie = request.state[DEVICE_COOKIE.name] as string | undefined;
        const answer = await auth.login(username, password, clientOf(request), [deviceKey, ...(cookie ?? '').split('~')]);
        h.state(DEVICE_COOKIE.name, withDeviceKey(cookie, answer.deviceKey));
        return answer;
      },
    },
  });
