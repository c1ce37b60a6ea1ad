import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { ruleRefused } from '../../../platform/errors.js';
import { nowIso } from '../../../db/knex.js';
import type { SessionCredentials } from '../../auth/api.js';
import { requireAccess } from '../../vessel/api.js';
import { subscriptionsOf } from '../api.js';

const addMonths = (from: Date, months: number) => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/**
 * Redeeming a voucher is the one way to subscribe in this installation: card payments need a
 * payment provider account (privacy policy: "a card payment provider"), which is configured per
 * deployment and not part of this code base (docs/decisions.md).
 */
export function subscriptionRoutes(ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  return [
    {
      method: 'POST',
      path: '/api/billing/createVesselSubscriptionWithVoucher',
      options: {
        tags: ['api', 'billing'],
        description: 'Subscribe a vessel with a voucher code (needs billingManager MANAGE); extends a running subscription',
        validate: { payload: Joi.object({ vesselId: Joi.number().integer().min(1).required(), voucherCode: Joi.string().trim().uppercase().max(32).required() }) },
        async handler(request) {
          const { vesselId, voucherCode } = request.payload as { vesselId: number; voucherCode: string };
          const userId = (request.auth.credentials as unknown as SessionCredentials).user.id;
          await requireAccess(db, userId, vesselId, { area: 'billingManager', level: 'MANAGE' });
          auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId, details: { voucher: voucherCode } });
          await db.transaction(async (trx) => {
            const voucher = await trx('vouchers').where({ code: voucherCode }).first();
            if (!voucher) throw Boom.notFound('Voucher not found');
            if (voucher.expires_at && voucher.expires_at < nowIso()) throw ruleRefused('This voucher has expired');
            // The guard in the update makes two concurrent redemptions of the last use safe.
            const claimed = await trx('vouchers').where({ id: voucher.id }).where('used_count', '<', voucher.max_uses).increment('used_count', 1);
            if (!claimed) throw ruleRefused('This voucher has already been used');
            const current = (await subscriptionsOf(trx, [vesselId])).get(vesselId);
            const start = current?.valid && current.validUntil ? new Date(current.validUntil) : new Date();
            await trx('vessel_subscriptions').insert({
              vessel_id: vesselId,
              product_ids: voucher.product_ids,
              valid_from: start.toISOString(),
              valid_until: addMonths(start, voucher.months).toISOString(),
              voucher_id: voucher.id,
              created_at: nowIso(),
            });
          });
          return (await subscriptionsOf(db, [vesselId])).get(vesselId) ?? null;
        },
      },
    },
  ];
}
