import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import type { SessionCredentials } from '../../auth/api.js';
import { companiesByIds } from '../../org/api.js';
import { vendorsOf, vesselsOwnedBy, setVendorPaused } from '../../vessel/api.js';
import { voucherDetails } from '../../billing/api.js';

const userOf = (credentials: unknown) => (credentials as SessionCredentials).user;

export function vendorRoutes(ctx: AppContext): ServerRoute[] {
  return [
    {
      method: 'GET',
      path: '/api/profile/vendors',
      options: {
        tags: ['api', 'profile'],
        description: 'Companies (dealers, contractors, manufacturers) with technical access to your vessels',
        async handler(request) {
          const vendors = await vendorsOf(ctx.db, userOf(request.auth.credentials).id);
          const companies = await companiesByIds(ctx.db, vendors.map((v) => v.companyId));
          return vendors
            .map((v) => ({ id: v.companyId, name: companies.get(v.companyId)?.name ?? '', kind: companies.get(v.companyId)?.kind ?? null, enabled: !v.paused, vesselCount: v.vesselIds.length }))
            .sort((a, b) => a.name.localeCompare(b.name));
        },
      },
    },
    {
      method: 'POST',
      path: '/api/profile/vendors/{vendorId}/{state}',
      options: {
        tags: ['api', 'profile'],
        description: "Enable (true) or pause (false) a vendor's access to all your vessels",
        validate: { params: Joi.object({ vendorId: Joi.number().integer().required(), state: Joi.boolean().required() }) },
        async handler(request) {
          const { vendorId, state } = request.params as unknown as { vendorId: number; state: boolean };
          auditTarget(request, { targetType: 'company', targetId: vendorId });
          const changed = await setVendorPaused(ctx.db, userOf(request.auth.credentials).id, vendorId, !state);
          if (!changed) throw Boom.notFound('Vendor not found');
          return { id: vendorId, enabled: state };
        },
      },
    },
    {
      method: 'GET',
      path: '/api/profile/vendors/{id}/vesselList',
      options: {
        tags: ['api', 'profile'],
        description: 'Which of your vessels a vendor has access to',
        validate: { params: Joi.object({ id: Joi.number().integer().required() }) },
        async handler(request) {
          const userId = userOf(request.auth.credentials).id;
          const vendor = (await vendorsOf(ctx.db, userId)).find((v) => v.companyId === (request.params as any).id);
          if (!vendor) throw Boom.notFound('Vendor not found');
          const owned = await vesselsOwnedBy(ctx.db, userId);
          return owned.filter((v) => vendor.vesselIds.includes(v.id)).map((v) => ({ id: v.id, name: v.name }));
        },
      },
    },
    {
      method: 'GET',
      path: '/api/profile/billing/showVoucherDetails',
      options: {
        tags: ['api', 'profile', 'billing'],
        description: 'What a voucher code gives, before redeeming it',
        validate: { query: Joi.object({ code: Joi.string().trim().uppercase().max(32).required() }) },
        async handler(request) {
          const details = await voucherDetails(ctx.db, (request.query as { code: string }).code);
          if (!details) throw Boom.notFound('Voucher not found or no longer valid');
          return details;
        },
      },
    },
  ];
}
