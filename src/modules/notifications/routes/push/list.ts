import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { subscriptionsOf } from '../../push/repository.js';
import type { PushSender } from '../../push/sender.js';
import { deviceOf } from './support.js';

/** GET profile/pushSubscriptions: the key to subscribe with (null: push is off) and the caller's devices. */
export const listPushSubscriptions = (ctx: AppContext, sender: PushSender) =>
  defineRoute({
    method: 'GET',
    path: '/api/profile/pushSubscriptions',
    options: {
      tags: ['api', 'profile', 'alerts'],
      description: 'The VAPID public key to subscribe a device with (null when push is not configured) and your devices subscribed to alarms',
      async handler(request) {
        const devices = await subscriptionsOf(ctx.db, [callerOf(request).id]);
        return { publicKey: sender.publicKey, devices: devices.map(deviceOf) };
      },
    },
  });
