import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { PhoneProvider } from '../../../../platform/sms.js';
import type { AccessApi } from '../../../access/api.js';
import { type AlertLifecycle, findAlert } from '../../../alerts/api.js';
import { recentPhoneDeliveries, userOfNumber } from '../../phone/repository.js';
import type { DeliveryReceipts } from '../../receipts/receipts.js';
import { translator } from '../../../../platform/i18n.js';
import { alarmTextIn } from '../../delivery/notice.js';
import { acknowledgeAs, assertSigned, type ReaderOfUser, smsAnswer } from './support.js';

/**
 * "ACK", "OK", "ACK 123", "#123", "123": acknowledge (the newest alarm texted, or the one
 * numbered). The keyword is ACK in every language: the texts in each language say to reply ACK
 * (docs/decisions.md, "SMS and voice").
 */
const ACK = /^\s*(?:(?:ack|ok)\s*#?\s*(\d{1,10})?|#?\s*(\d{1,10}))\s*[.!]?\s*$/i;

/**
 * POST notifications/sms/inbound: the SMS provider's webhook for a text sent to our number
 * (Twilio's form fields From and Body), signed with X-Twilio-Signature (403 otherwise). A reply
 * "ACK" (or "OK") from a verified number acknowledges, as that person, the newest alarm texted or
 * called to them that is still waiting; "ACK 123" or "123" the alarm numbered 123, if it was
 * texted or called to them. They must still manage the vessel's alerts. Answered in TwiML: the
 * text sent back, in the person's language (English to a number nobody verified).
 */
export const smsInbound = (
  ctx: AppContext,
  provider: PhoneProvider,
  deps: { lifecycle: AlertLifecycle; access: AccessApi; receipts: DeliveryReceipts; readerOf: ReaderOfUser },
) => {
  const callers = ctx.limits.limiter('sms.inbound', { points: 60, windowSeconds: 60 });
  return defineRoute<{ Payload: { From: string; Body: string } }>({
    method: 'POST',
    path: '/api/notifications/sms/inbound',
    options: {
      auth: false,
      tags: ['api', 'alerts'],
      description:
        "The SMS provider's webhook for a reply (form fields From, Body; X-Twilio-Signature required, 403 otherwise): ACK acknowledges the newest alarm texted to that verified number, ACK 123 alarm 123; answers TwiML",
      plugins: { envelope: false },
      validate: {
        payload: Joi.object({ From: Joi.string().max(32).required(), Body: Joi.string().allow('').max(1600).required() })
          .unknown(true)
          .required(),
      },
      async handler(request, h) {
        await callers.consume(request.info.remoteAddress);
        assertSigned(request, provider, ctx.config.publicUrl);
        const answer = (text: string) => h.response(smsAnswer(text)).type('text/xml');
        const userId = await userOfNumber(ctx.db, request.payload.From.trim());
        if (userId === null) return answer(translator('en')('phone.notVerified'));
        const { language } = await deps.readerOf(userId);
        const t = translator(language);
        const match = ACK.exec(request.payload.Body);
        if (!match) return answer(t('phone.how'));
        const numbered = match[1] ?? match[2];
        const alertId = numbered === undefined ? null : Number(numbered);
        for (const delivery of await recentPhoneDeliveries(ctx.db, userId, alertId)) {
          const alert = await findAlert(ctx.db, delivery.alertId);
          if (!alert || alert.clearedAt !== null) continue;
          if (alert.acknowledgedAt !== null) {
            if (alertId === null) continue;
            return answer(t('phone.alreadyAcknowledged', { id: alert.id }));
          }
          if (await acknowledgeAs(ctx, deps, { userId, alertId: alert.id, vesselId: delivery.vesselId, deliveryId: delivery.id }))
            return answer(t('phone.acknowledgedAlarm', { id: alert.id, alarm: alarmTextIn(alert, language) }).slice(0, 300));
        }
        return answer(alertId === null ? t('phone.nothingWaiting') : t('phone.numberNotWaiting', { id: alertId }));
      },
    },
  });
};
