import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import type { AuthService } from '../../service.js';

/** POST register/completeRegistration {verificationCode}: the link's code activates the account, once. */
export const completeRegistration = (auth: AuthService) =>
  defineRoute<{ Payload: { verificationCode: string } }>({
    method: 'POST',
    path: '/api/register/completeRegistration',
    options: {
      auth: false,
      tags: ['api', 'register'],
      description: 'Activate an account with the code of its verification link',
      validate: { payload: Joi.object({ verificationCode: Joi.string().max(200).required() }) },
      async handler(request) {
        await auth.completeRegistration(request.payload.verificationCode);
        return { message: 'Your account is active. You can sign in now.' };
      },
    },
  });
