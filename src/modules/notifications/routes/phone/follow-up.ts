import Joi from 'joi';
import { DEFAULT_FOLLOW_UP_SECONDS, PHONE_FOLLOW_UPS, type PhoneFollowUp } from '../../../../../contracts/phone.js';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PhoneProvider } from '../../../../platform/sms.js';
import { phoneOf, savePhone } from '../../phone/repository.js';
import { settingsOf } from './support.js';

/** PUT profile/phone {followUp, followUpSeconds}: what follows an alarm or emergency you were told of and nobody acknowledged. */
export const setPhoneFollowUp = (ctx: AppContext, provider: PhoneProvider, clock: () => number) =>
  defineRoute<{ Payload: { followUp: PhoneFollowUp; followUpSeconds?: number } }>({
    method: 'PUT',
    path: '/api/profile/phone',
    options: {
      tags: ['api', 'profile', 'alerts'],
      description: `Choose what follows an alarm or emergency you were told of and nobody acknowledged: a text (sms), a call (voice) or nothing (off), after followUpSeconds (default ${DEFAULT_FOLLOW_UP_SECONDS}, 30–3600)`,
      validate: {
        payload: Joi.object({
          followUp: Joi.string()
            .valid(...PHONE_FOLLOW_UPS)
            .required(),
          followUpSeconds: Joi.number().integer().min(30).max(3600).default(DEFAULT_FOLLOW_UP_SECONDS),
        }).required(),
      },
      async handler(request) {
        const userId = callerOf(request).id;
        const row = {
          ...(await phoneOf(ctx.db, userId)),
          followUp: request.payload.followUp,
          followUpSeconds: request.payload.followUpSeconds ?? DEFAULT_FOLLOW_UP_SECONDS,
        };
        await savePhone(ctx.db, row, new Date(clock()).toISOString());
        return settingsOf(row, provider.configured);
      },
    },
  });
