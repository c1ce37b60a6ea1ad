import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { PhoneProvider } from '../../../../platform/sms.js';
import type { AccessApi } from '../../../access/api.js';
import type { AlertLifecycle } from '../../../alerts/api.js';
import type { AckTokens } from '../../push/ack-token.js';
import type { DeliveryReceipts } from '../../receipts/receipts.js';
import { translator } from '../../../../platform/i18n.js';
import { acknowledgeAs, assertSigned, callAnswer, type ReaderOfUser } from './support.js';

/**
 * POST notifications/voice/gather?key=: the keypress of an alarm's voice call (Twilio's
 * `<Gather>` callback, form field Digits), signed with X-Twilio-Signature (403 otherwise). The
 * key (an acknowledgement key, push/ack-token.ts) names the person called and the alarm; 1
 * acknowledges it as them. Answered in TwiML: what the call says next, in their language.
 */
export const voiceGather = (
  ctx: AppContext,
  provider: PhoneProvider,
  tokens: AckTokens,
  deps: { lifecycle: AlertLifecycle; access: AccessApi; receipts: DeliveryReceipts; readerOf: ReaderOfUser },
) => {
  const callers = ctx.limits.limiter('voice.gather', { points: 60, windowSeconds: 60 });
  return defineRoute<{ Query: { key: string }; Payload: { Digits?: string } }>({
    method: 'POST',
    path: '/api/notifications/voice/gather',
    options: {
      auth: false,
      tags: ['api', 'alerts'],
      description:
        "The SMS provider's callback of a keypress on an alarm's voice call (form field Digits; ?key= the call's acknowledgement key; X-Twilio-Signature required, 403 otherwise): 1 acknowledges the alarm; answers TwiML",
      plugins: { envelope: false },
      validate: {
        query: Joi.object({ key: Joi.string().max(2000).required() }),
        payload: Joi.object({ Digits: Joi.string().allow('').max(32) })
          .unknown(true)
          .required(),
      },
      async handler(request, h) {
        await callers.consume(request.info.remoteAddress);
        assertSigned(request, provider, ctx.config.publicUrl);
        const claims = tokens.verify(request.query.key, deps.lifecycle.now());
        // The person called, in their language; an expired key names nobody: English.
        const language = claims ? (await deps.readerOf(claims.userId)).language : 'en';
        const t = translator(language);
        const say = (key: string) => h.response(callAnswer(t(key), language)).type('text/xml');
        if (!claims) return say('phone.expired');
        if (request.payload.Digits !== '1') return say('phone.notAcknowledged');
        const done = await acknowledgeAs(ctx, deps, { ...claims, deliveryId: claims.deliveryId ?? null });
        return say(done ? 'phone.acknowledged' : 'phone.mayNot');
      },
    },
  });
};
