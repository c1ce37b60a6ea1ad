import { defineRoute } from '../../../../platform/routes.js';
import { createAccountPayload } from '../../schemas.js';
import type { AuthService, NewAccount } from '../../service.js';
import { clientOf } from '../client.js';

/** POST register/createAccount: the same answer whether or not the address has an account. */
export const createAccount = (auth: AuthService) =>
  defineRoute<{ Payload: NewAccount }>({
    method: 'POST',
    path: '/api/register/createAccount',
    options: {
      auth: false,
      tags: ['api', 'register'],
      description: 'Create an account; e-mails a verification link. Same answer whether or not the address is known.',
      validate: { payload: createAccountPayload },
      async handler(request) {
        await auth.createAccount(request.payload, clientOf(request));
        return { message: 'Check your e-mail to complete your registration' };
      },
    },
  });
