import { randomInt } from 'node:crypto';
import Joi from 'joi';
import { E164 } from '../../../../../contracts/phone.js';
import type { AppContext } from '../../../../platform/context.js';
import { ruleRefused } from '../../../../platform/errors.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PhoneProvider } from '../../../../platform/sms.js';
import { phoneOf, savePhone } from '../../phone/repository.js';
import { translator } from '../../../../platform/i18n.js';
import { CODE_TTL_MS, codeHash, type ReaderOfUser, settingsOf } from './support.js';

/**
 * POST profile/phone {number}: texts a six-digit code to the number (E.164), in the person's
 * language; the number is verified once the code comes back (profile/phone/verify). At most 3
 * codes an hour per person (a text costs money and reaches someone else's phone); 418 when this
 * server sends no SMS.
 */
export const addPhone = (ctx: AppContext, provider: PhoneProvider, clock: () => number, readerOf: ReaderOfUser) => {
  const codes = ctx.limits.limiter('phone.code', { points: 3, windowSeconds: 3600 }, 'Too many codes sent. Please try again later.');
  return defineRoute<{ Payload: { number: string } }>({
    method: 'POST',
    path: '/api/profile/phone',
    options: {
      tags: ['api', 'profile', 'alerts'],
      description: 'Add (or change) your phone number for alarms: a code is sent to it by SMS (at most 3 an hour); the number counts once verified',
      validate: {
        payload: Joi.object({
          number: Joi.string()
            .trim()
            .replace(/[\s().-]/g, '')
            .pattern(E164)
            .required()
            .messages({ 'string.pattern.base': 'number must be in international form, a plus and the country code first, e.g. +447700900123' }),
        }).required(),
      },
      async handler(request) {
        if (!provider.configured) throw ruleRefused('SMS is not configured on this server');
        const userId = callerOf(request).id;
        const { number } = request.payload;
        await codes.consume(String(userId));
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const now = clock();
        const row = await phoneOf(ctx.db, userId);
        const { language } = await readerOf(userId);
        const sent = await provider.sendSms(number, translator(language)('phone.code', { code }));
        if (sent.outcome === 'failed') throw ruleRefused(`The code could not be sent: ${sent.reason}`);
        const pending = {
          ...row,
          pendingNumber: number,
          codeHash: codeHash(ctx.config.sessionSecret, userId, number, code),
          codeExpiresAt: new Date(now + CODE_TTL_MS).toISOString(),
        };
        await savePhone(ctx.db, pending, new Date(now).toISOString());
        return settingsOf(pending, true);
      },
    },
  });
};
