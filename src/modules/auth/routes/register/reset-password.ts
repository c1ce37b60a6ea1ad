import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { password } from '../../schemas.js';
import type { AuthService } from '../../service.js';

/** POST register/resetPassword {token, password}: the token is single use; every session ends. */
export const resetPassword = (auth: AuthService) =>
  defineRoute<{ Payload: { token: string; password: string } }>({
    method: 'POST',
    path: '/api/register/resetPassword',
    options: {
      auth: false,
      tags: ['api', 'register'],
      description: 'Set a new password with a reset token (single use, 1 hour); ends every session',
      validate: { payload: Joi.object({ token: Joi.string().max(200).required(), password: password.required() }) },
      async handler(request) {
        await auth.resetPassword(request.payload.token, request.payload.password);
        return { message: 'Your password has been changed. You can sign in now.' };
      },
    },
  });
