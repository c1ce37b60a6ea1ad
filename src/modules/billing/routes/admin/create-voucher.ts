import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { BillingService } from '../../service.js';

/** POST admin/vouchers: answers the new code once in full. */
export const createVoucher = (billing: BillingService) =>
  defineRoute<{ Payload: { productIds: number[]; months: number; maxUses: number; expiresAt?: string } }>({
    method: 'POST',
    path: '/api/admin/vouchers',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'billing'],
      description: 'Create a voucher {productIds, months, maxUses (or count), expiresAt?}; answers its code once in full',
      validate: {
        payload: Joi.object({
          productIds: Joi.array().items(Joi.number().integer()).min(1).max(20).required(),
          months: Joi.number().integer().min(1).max(60).required(),
          maxUses: Joi.number().integer().min(1).max(100_000).default(1),
          expiresAt: Joi.string().isoDate(),
        })
          // "count" (the word for how many may redeem it) is accepted for maxUses.
          .rename('count', 'maxUses', { ignoreUndefined: true, override: false }),
      },
      async handler(request) {
        const voucher = await billing.createVoucher(callerOf(request).id, request.payload);
        auditTarget(request, { targetType: 'voucher', targetId: voucher.id });
        return voucher;
      },
    },
  });
