import { timingSafeEqual } from 'node:crypto';
import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { phoneOf, savePhone } from '../../phone/repository.js';
import { codeHash, settingsOf } from './support.js';

/**
 * POST profile/phone/verify {code}: the code sent to the pending number makes it the verified
 * one. A wrong or expired code is a 400; 5 wrong codes in 15 minutes are a 429 (a six-digit code
 * cannot be guessed within them).
 */
export const verifyPhone = (ctx: AppContext, clock: () => number) => {
  const guesses = ctx.limits.limiter('phone.verify', { points: 5, windowSeconds: 900 }, 'Too many wrong codes. Please try again later.');
  return defineRoute<{ Payload: { code: string } }>({
    method: 'POST',
    path: '/api/profile/phone/verify',
    options: {
      tags: ['api', 'profile', 'alerts'],
      description: 'Verify your phone number with the code sent to it by SMS (5 tries in 15 minutes)',
      validate: {
        payload: Joi.object({
          code: Joi.string()
            .trim()
            .pattern(/^\d{6}$/)
            .required()
            .messages({ 'string.pattern.base': 'code must be the six digits sent to your phone' }),
        }).required(),
      },
      async handler(request) {
        const userId = callerOf(request).id;
        const key = String(userId);
        if ((await guesses.retryAfter(key)) > 0) await guesses.consume(key);
        const row = await phoneOf(ctx.db, userId);
        const now = clock();
        if (!row.pendingNumber || !row.codeHash || !row.codeExpiresAt) throw Boom.badRequest('code: no code is waiting; add your number first');
        const given = Buffer.from(codeHash(ctx.config.sessionSecret, userId, row.pendingNumber, request.payload.code));
        const right = given.length === row.codeHash.length && timingSafeEqual(given, Buffer.from(row.codeHash));
        if (!right) {
          await guesses.consume(key);
          throw Boom.badRequest('code: that is not the code sent to your phone');
        }
        if (Date.parse(row.codeExpiresAt) < now) throw Boom.badRequest('code: this code has expired; ask for a new one');
        await guesses.reset(key);
        const verified = {
          ...row,
          number: row.pendingNumber,
          verifiedAt: new Date(now).toISOString(),
          pendingNumber: null,
          codeHash: null,
          codeExpiresAt: null,
        };
        await savePhone(ctx.db, verified, new Date(now).toISOString());
        return settingsOf(verified, true);
      },
    },
  });
};
