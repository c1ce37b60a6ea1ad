import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { defineRoute } from '../../../../platform/routes.js';
import { ALERTS_VIEW, allows, vesselOf } from '../../../access/api.js';
import { findAlert } from '../../../alerts/api.js';
import type { DeliveryReceipts } from '../../receipts/receipts.js';

/** GET vessel/{id}/alerts/{alertId}/deliveries: how each notification of an alarm went, and who acknowledged it through what (alertManager VIEW). */
export const listDeliveries = (ctx: AppContext, receipts: DeliveryReceipts) =>
  defineRoute<{ Params: { id: number; alertId: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/alerts/{alertId}/deliveries',
    options: {
      tags: ['api', 'vessel', 'alerts'],
      description:
        "An alarm's delivery receipts: per recipient, channel and target the states reached with their times (queued, sent, accepted, opened, acknowledged, or failed with the reason), who acknowledged it through what, and whether it reached anybody (alertManager VIEW; other people's addresses and devices with userManager VIEW)",
      validate: { params: Joi.object({ id: Joi.number().integer().required(), alertId: Joi.number().integer().required() }) },
      plugins: { vessel: { needs: [ALERTS_VIEW], bridge: true } },
      async handler(request) {
        const { bridge, access, caller } = vesselOf(request);
        const alert = await findAlert(ctx.db, request.params.alertId);
        if (!alert || !bridge || alert.bridgeId !== bridge.id) throw Boom.notFound('Alert not found');
        return receipts.ofAlert(alert, { userId: caller.id, seesPeople: allows(access, { area: 'userManager', level: 'VIEW' }) });
      },
    },
  });
