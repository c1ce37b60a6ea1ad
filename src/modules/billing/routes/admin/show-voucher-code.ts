import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import type { BillingService } from '../../service.js';

/** GET admin/vouchers/{id}/showCode: one voucher with its full code. */
export const showVoucherCode = (billing: BillingService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/admin/vouchers/{id}/showCode',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'billing'],
      description: 'A voucher with its full code',
      validate: { params: Joi.object({ id: Joi.number().integer().required() }) },
      handler: (request) => billing.voucherWithCode(request.params.id),
    },
  });
