import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { email } from '../../schemas.js';
import type { AuthService } from '../../service.js';
import { clientOf } from '../client.js';

/** POST register/forgottenPassword?email=: always ok (no account enumeration), 429 over the limits. */
export const forgottenPassword = (auth: AuthService) =>
  defineRoute<{ Query: { email: string } }>({
    method: 'POST',
    path: '/api/register/forgottenPassword',
    options: {
      auth: false,
      tags: ['api', 'register'],
      description: 'E-mails a password reset link when the address has an account; always answers ok, or 429 over the limits',
      validate: { query: Joi.object({ email: email.required() }) },
      async handler(request) {
        await auth.forgottenPassword(request.query.email, clientOf(request));
        return { message: 'If the address has an account, a reset link is on its way' };
      },
    },
  });
