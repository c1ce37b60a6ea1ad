import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { PaymentsService } from '../../payments-service.js';
import { productsPayload, type ProductsPayload } from './schemas.js';

/**
 * POST billing/changeSubscriptionProducts {vesselId, productIds, paymentMethodId?} (billingManager
 * MANAGE): added products are charged pro rata to the end of the term, removed ones end with it.
 */
export const changeSubscriptionProducts = (payments: PaymentsService) =>
  defineRoute<{ Payload: ProductsPayload }>({
    method: 'POST',
    path: '/api/billing/changeSubscriptionProducts',
    options: {
      tags: ['api', 'billing'],
      description:
        "Change the products of a vessel's running subscription (billingManager MANAGE): added ones charged pro rata to the term's end, removed ones not renewed",
      validate: { payload: productsPayload },
      plugins: { vessel: { payload: 'vesselId', needs: [{ area: 'billingManager', level: 'MANAGE' }] } },
      async handler(request) {
        const { vesselId, caller } = vesselOf(request);
        auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId, details: { productIds: request.payload.productIds } });
        return payments.changeProducts(caller.id, vesselId, request.payload.productIds, request.payload.paymentMethodId);
      },
    },
  });
