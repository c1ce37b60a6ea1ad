import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { BillingService } from '../../service.js';

/** POST billing/createVesselSubscriptionWithVoucher {vesselId, voucherCode} (billingManager MANAGE; 10 codes an hour). */
export const createSubscriptionWithVoucher = (billing: BillingService) =>
  defineRoute<{ Payload: { vesselId: number; voucherCode: string } }>({
    method: 'POST',
    path: '/api/billing/createVesselSubscriptionWithVoucher',
    options: {
      tags: ['api', 'billing'],
      description: 'Subscribe a vessel with a voucher code (needs billingManager MANAGE; 10 codes an hour); extends a running subscription',
      validate: {
        payload: Joi.object({ vesselId: Joi.number().integer().min(1).required(), voucherCode: Joi.string().trim().uppercase().max(32).required() }),
      },
      plugins: { vessel: { payload: 'vesselId', needs: [{ area: 'billingManager', level: 'MANAGE' }] } },
      async handler(request) {
        const scope = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: scope.vesselId, vesselId: scope.vesselId });
        return billing.redeemVoucher(scope.caller.id, scope.vesselId, request.payload.voucherCode);
      },
    },
  });
