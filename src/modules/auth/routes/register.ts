import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AuthService } from '../service.js';
import { createAccountPayload, email, password } from '../schemas.js';

export const registerRoutes = (service: AuthService): ServerRoute[] => [
  {
    method: 'POST',
    path: '/api/register/createAccount',
    options: {
      auth: false,
      tags: ['api', 'register'],
      description: 'Create an account; e-mails a verification link. Same answer whether or not the address is known.',
      validate: { payload: createAccountPayload },
      async handler(request) {
        await service.createAccount(request.payload as any);
        return { message: 'Check your e-mail to complete your registration' };
      },
    },
  },
  {
    method: 'POST',
    path: '/api/register/completeRegistration',
    options: {
      auth: false,
      tags: ['api', 'register'],
      description: 'Activate an account with the code of its verification link',
      validate: { payload: Joi.object({ verificationCode: Joi.string().max(200).required() }) },
      async handler(request) {
        await service.completeRegistration((request.payload as { verificationCode: string }).verificationCode);
        return { message: 'Your account is active. You can sign in now.' };
      },
    },
  },
  {
    method: 'POST',
    path: '/api/register/forgottenPassword',
    options: {
      auth: false,
      tags: ['api', 'register'],
      description: 'E-mails a password reset link when the address has an account; always answers ok',
      validate: { query: Joi.object({ email: email.required() }) },
      async handler(request) {
        await service.forgottenPassword((request.query as { email: string }).email);
        return { message: 'If the address has an account, a reset link is on its way' };
      },
    },
  },
  {
    method: 'POST',
    path: '/api/register/resetPassword',
    options: {
      auth: false,
      tags: ['api', 'register'],
      description: 'Set a new password with a reset token (single use, 1 hour); ends every session',
      validate: { payload: Joi.object({ token: Joi.string().max(200).required(), password: password.required() }) },
      async handler(request) {
        const { token, password: newPassword } = request.payload as { token: string; password: string };
        await service.resetPassword(token, newPassword);
        return { message: 'Your password has been changed. You can sign in now.' };
      },
    },
  },
];
