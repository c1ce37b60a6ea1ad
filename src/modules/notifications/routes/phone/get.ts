import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PhoneProvider } from '../../../../platform/sms.js';
import { phoneOf } from '../../phone/repository.js';
import { settingsOf } from './support.js';

/** GET profile/phone: the caller's phone number for alarms (verified, or waiting for its code) and their follow-up. */
export const getPhone = (ctx: AppContext, provider: PhoneProvider) =>
  defineRoute({
    method: 'GET',
    path: '/api/profile/phone',
    options: {
      tags: ['api', 'profile', 'alerts'],
      description:
        'Your phone number for alarms (`PhoneSettings`): the verified number, one waiting for its code, and what follows an alarm you were told of and nobody acknowledged (a text or a call after `followUpSeconds`); `available` says whether this server sends SMS at all',
      handler: async (request) => settingsOf(await phoneOf(ctx.db, callerOf(request).id), provider.configured),
    },
  });
