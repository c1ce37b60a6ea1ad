import Joi from 'joi';
import { pageRequestSchema, type PageRequest } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { VoucherFilter } from '../../repository.js';
import type { BillingService } from '../../service.js';

/** POST admin/vouchers/page {page, size, sort, filter: {state, productId, q}}. */
export const vouchersPage = (billing: BillingService) =>
  defineRoute<{ Payload: PageRequest<VoucherFilter> }>({
    method: 'POST',
    path: '/api/admin/vouchers/page',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'billing'],
      description:
        'A page of vouchers (codes masked). filter: state (active, usedUp, expired), productId, q (start of the code); sort: createdAt, expiresAt, usedCount, months',
      validate: {
        payload: pageRequestSchema(
          Joi.object({
            state: Joi.string().valid('active', 'usedUp', 'expired'),
            productId: Joi.number().integer().min(1),
            q: Joi.string().max(32).allow(''),
          }),
        ),
      },
      handler: (request) => billing.pageVouchers(request.payload),
    },
  });
