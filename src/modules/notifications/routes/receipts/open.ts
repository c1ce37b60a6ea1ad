import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import type { DeliveryReceipts } from '../../receipts/receipts.js';

/**
 * GET alerts/open/{key}: the link in an alarm's e-mail and push notification. Records the
 * delivery opened, then sends the browser to the alarm (which asks for a sign-in as any page
 * does). No session: the key is the delivery's own, opens nothing and reveals nothing; an
 * unknown key lands on the dashboard like a known one on its alarm.
 */
export const openDelivery = (receipts: DeliveryReceipts) =>
  defineRoute<{ Params: { key: string } }>({
    method: 'GET',
    path: '/api/alerts/open/{key}',
    options: {
      auth: false,
      tags: ['api', 'alerts'],
      description: "Follow an alarm notification's link: records the delivery opened and redirects (302) to the alarm in the app (no session)",
      validate: { params: Joi.object({ key: Joi.string().max(64).required() }) },
      plugins: { envelope: false },
      async handler(request, h) {
        const target = await receipts.opened(request.params.key);
        return h.redirect(target ?? '/dashboard').code(302);
      },
    },
  });
