import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICE_COOKIE, withDeviceKey } from '../../login-throttle.js';
import { email } from '../../schemas.js';
import type { AuthService } from '../../service.js';
import { clientOf } from '../client.js';

/**
 * POST auth/signInLink?email=: e-mails a one-time sign-in link when the address has an account;
 * always ok (no account enumeration), 429 over the limits of password resets.
 */
export const requestSignInLink = (auth: AuthService) =>
  defineRoute<{ Query: { email: string } }>({
    method: 'POST',
    path: '/api/auth/signInLink',
    options: {
      auth: false,
      tags: ['api', 'auth'],
      description: 'E-mails a one-time sign-in link (15 minutes) when the address has an account; always answers ok, or 429 over the limits',
      validate: { query: Joi.object({ email: email.required() }) },
      async handler(request) {
        await auth.sendSignInLink(request.query.email, clientOf(request));
        return { message: 'If the address has an account, a sign-in link is on its way' };
      },
    },
  });

/** POST auth/signInLink/redeem {token}: the session key and a device key, as a sign-in with the password answers. */
export const redeemSignInLink = (auth: AuthService) =>
  defineRoute<{ Payload: { token: string } }>({
    method: 'POST',
    path: '/api/auth/signInLink/redeem',
    options: {
      auth: false,
      tags: ['api', 'auth'],
      description: "Sign in with an e-mailed sign-in link's token, once; answers the session key and a device key like auth/login",
      validate: { payload: Joi.object({ token: Joi.string().max(200).required() }) },
      async handler(request, h) {
        auditTarget(request, { targetType: 'user' });
        const answer = await auth.signInWithLink(request.payload.token, clientOf(request));
        const cookie = request.state[DEVICE_COOKIE.name] as string | undefined;
        h.state(DEVICE_COOKIE.name, withDeviceKey(cookie, answer.deviceKey));
        return answer;
      },
    },
  });
