import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import type { BillingService } from '../../service.js';

/** GET admin/vouchers/{id}/redemptions: the vessels a voucher subscribed, and when. */
export const voucherRedemptions = (billing: BillingService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/admin/vouchers/{id}/redemptions',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'billing'],
      description: 'A voucher (code masked) and its redemptions: vessel, when, and the subscription it gave',
      validate: { params: Joi.object({ id: Joi.number().integer().min(1).required() }) },
      handler: (request) => billing.redemptions(request.params.id),
    },
  });
