import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PhoneProvider } from '../../../../platform/sms.js';
import { deletePhone, emptyPhone } from '../../phone/repository.js';
import { settingsOf } from './support.js';

/** DELETE profile/phone: forgets your phone number; no text nor call reaches you any more. */
export const removePhone = (ctx: AppContext, provider: PhoneProvider) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/profile/phone',
    options: {
      tags: ['api', 'profile', 'alerts'],
      description: 'Remove your phone number: no alarm is texted or called to you any more',
      async handler(request) {
        const userId = callerOf(request).id;
        await deletePhone(ctx.db, userId);
        return settingsOf(emptyPhone(userId), provider.configured);
      },
    },
  });
