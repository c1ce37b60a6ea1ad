import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { insertId, nowIso } from '../../../db/knex.js';
import { randomCode } from '../../../platform/secrets.js';
import type { SessionCredentials } from '../../auth/api.js';
import { toProduct } from '../api.js';

const admin = { scope: 'admin' as const };

const toVoucher = (r: any, showCode = false) => ({
  id: r.id,
  code: showCode ? r.code : `${r.code.slice(0, 3)}…`,
  productIds: JSON.parse(r.product_ids),
  months: r.months,
  maxUses: r.max_uses,
  usedCount: r.used_count,
  expiresAt: r.expires_at ?? null,
  createdAt: r.created_at,
});

export function billingAdminRoutes(ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  return [
    { method: 'GET', path: '/api/admin/products/all', options: { auth: admin, tags: ['api', 'admin', 'billing'], description: 'Every product', handler: async () => (await db('products').orderBy('id')).map(toProduct) } },
    {
      method: 'GET',
      path: '/api/admin/subscriptions',
      options: {
        auth: admin,
        tags: ['api', 'admin', 'billing'],
        description: 'Vessel subscriptions, newest first',
        handler: async () =>
          (await db('vessel_subscriptions as s').join('vessels as v', 'v.id', 's.vessel_id').orderBy('s.id', 'desc').select('s.*', 'v.name as vessel_name')).map((r) => ({
            id: r.id,
            vesselId: r.vessel_id,
            vesselName: r.vessel_name,
            productIds: JSON.parse(r.product_ids),
            validFrom: r.valid_from,
            validUntil: r.valid_until,
            valid: r.valid_from <= nowIso() && r.valid_until > nowIso(),
            voucherId: r.voucher_id,
          })),
      },
    },
    { method: 'GET', path: '/api/admin/vouchers', options: { auth: admin, tags: ['api', 'admin', 'billing'], description: 'Vouchers (codes masked; see showCode)', handler: async () => (await db('vouchers').orderBy('id', 'desc')).map((r) => toVoucher(r)) } },
    {
      method: 'POST',
      path: '/api/admin/vouchers',
      options: {
        auth: admin,
        tags: ['api', 'admin', 'billing'],
        description: 'Create a voucher; answers its code once in full',
        validate: {
          payload: Joi.object({
            productIds: Joi.array().items(Joi.number().integer()).min(1).max(20).required(),
            months: Joi.number().integer().min(1).max(60).required(),
            maxUses: Joi.number().integer().min(1).max(100_000).default(1),
            expiresAt: Joi.string().isoDate(),
          }),
        },
        async handler(request) {
          const p = request.payload as { productIds: number[]; months: number; maxUses: number; expiresAt?: string };
          const known = await db('products').whereIn('id', p.productIds).pluck('id');
          if (known.length !== new Set(p.productIds).size) throw Boom.badRequest('productIds contains an unknown product');
          const id = await insertId(db, 'vouchers', {
            code: randomCode(12),
            product_ids: JSON.stringify(p.productIds),
            months: p.months,
            max_uses: p.maxUses,
            expires_at: p.expiresAt ? new Date(p.expiresAt).toISOString() : null,
            created_by: (request.auth.credentials as unknown as SessionCredentials).user.id,
            created_at: nowIso(),
          });
          auditTarget(request, { targetType: 'voucher', targetId: id });
          return toVoucher(await db('vouchers').where({ id }).first(), true);
        },
      },
    },
    {
      method: 'GET',
      path: '/api/admin/vouchers/{id}/showCode',
      options: {
        auth: admin,
        tags: ['api', 'admin', 'billing'],
        description: 'A voucher with its full code',
        validate: { params: Joi.object({ id: Joi.number().integer().required() }) },
        async handler(request) {
          const row = await db('vouchers').where({ id: (request.params as any).id }).first();
          if (!row) throw Boom.notFound('Voucher not found');
          return toVoucher(row, true);
        },
      },
    },
  ];
}
