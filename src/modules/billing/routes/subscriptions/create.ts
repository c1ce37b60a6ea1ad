import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { PaymentsService } from '../../payments-service.js';
import { productsPayload, type ProductsPayload } from './schemas.js';

/** POST billing/createVesselSubscription {vesselId, productIds, paymentMethodId?} (billingManager MANAGE): pays by card, answers the subscription and its invoice. */
export const createSubscription = (payments: PaymentsService) =>
  defineRoute<{ Payload: ProductsPayload }>({
    method: 'POST',
    path: '/api/billing/createVesselSubscription',
    options: {
      tags: ['api', 'billing'],
      description:
        'Subscribe a vessel to products by card for 12 months renewing for 12 (billingManager MANAGE); 418 with the reason when the card is declined, 409 while a subscription runs',
      validate: { payload: productsPayload },
      plugins: { vessel: { payload: 'vesselId', needs: [{ area: 'billingManager', level: 'MANAGE' }] } },
      async handler(request) {
        const { vesselId, caller } = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId, details: { productIds: request.payload.productIds } });
        return payments.createSubscription(caller.id, vesselId, request.payload.productIds, request.payload.paymentMethodId);
      },
    },
  });
