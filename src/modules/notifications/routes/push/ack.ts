import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { type AccessApi, ALERTS_MANAGE, allows } from '../../../access/api.js';
import { type AlertLifecycle, findAlert } from '../../../alerts/api.js';
import { bridgesOfVessels } from '../../../bridges/api.js';
import type { AckTokens } from '../../push/ack-token.js';
import type { DeliveryReceipts } from '../../receipts/receipts.js';

/**
 * POST alerts/ackFromNotification {token}: the "Acknowledge" button of a push notification.
 * No session: the token names the user and the alarm. The user must still be allowed to
 * manage the vessel's alerts; a bad, expired or no longer honoured token is a 404 like a
 * missing alarm, and guesses are rate limited per address. The delivery receipt of the push
 * message says the alarm was acknowledged from it (by whom, on which device).
 */
export const acknowledgeFromNotification = (ctx: AppContext, lifecycle: AlertLifecycle, access: AccessApi, tokens: AckTokens, receipts: DeliveryReceipts) => {
  const guesses = ctx.limits.limiter('alerts.ack-token', { points: 30, windowSeconds: 60 });
  return defineRoute<{ Payload: { token: string } }>({
    method: 'POST',
    path: '/api/alerts/ackFromNotification',
    options: {
      auth: false,
      tags: ['api', 'alerts'],
      description: "Acknowledge an alarm from its push notification with the notification's acknowledgement key (no session)",
      validate: { payload: Joi.object({ token: Joi.string().max(2000).required() }).required() },
      async handler(request) {
        await guesses.consume(request.info.remoteAddress);
        const claims = tokens.verify(request.payload.token, lifecycle.now());
        const gone = Boom.notFound('This notification has expired: open Vessel Link to acknowledge the alarm');
        if (!claims) throw gone;
        const grant = (await access.accessesOf(claims.userId, claims.vesselId)).get(claims.vesselId);
        const bridge = (await bridgesOfVessels(ctx.db, [claims.vesselId])).get(claims.vesselId);
        const alert = await findAlert(ctx.db, claims.alertId);
        if (!grant || !allows(grant, ALERTS_MANAGE) || !bridge || !alert || alert.bridgeId !== bridge.id) throw gone;
        if (alert.acknowledgedAt === null) await receipts.acknowledgingThrough(alert.id, claims.userId, claims.deliveryId ?? null);
        return lifecycle.acknowledge(claims.vesselId, alert, claims.userId);
      },
    },
  });
};
