import Boom from '@hapi/boom';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { findSubscription, saveSubscription } from '../../push/repository.js';
import type { PushSender } from '../../push/sender.js';
import { deviceOf, type SubscribePayload, subscribePayload } from './support.js';

/** POST profile/pushSubscriptions {endpoint, keys, label}: subscribes a device to the caller's alarms. */
export const subscribePush = (ctx: AppContext, sender: PushSender, clock: () => number) =>
  defineRoute<{ Payload: SubscribePayload }>({
    method: 'POST',
    path: '/api/profile/pushSubscriptions',
    options: {
      tags: ['api', 'profile', 'alerts'],
      description: "Subscribe a device (a browser's PushSubscription) to your alarms; the same endpoint again replaces its keys",
      validate: { payload: subscribePayload(ctx.config.env === 'production') },
      async handler(request, h) {
        if (!sender.publicKey) throw Boom.badRequest('Push notifications are not configured on this server');
        const { endpoint, keys, label } = request.payload;
        const id = await saveSubscription(ctx.db, {
          userId: callerOf(request).id,
          endpoint,
          keys,
          label: label ?? 'This device',
          at: new Date(clock()).toISOString(),
        });
        return h.response(deviceOf((await findSubscription(ctx.db, id))!)).code(201);
      },
    },
  });
