import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { allows, vesselOf } from '../../../access/api.js';
import type { PaymentsService } from '../../payments-service.js';

/**
 * GET vessel/{id}/products (billingManager VIEW): every product with its price and term, which the
 * vessel has and which renew, its subscription, the terms, and whether its cloud services are on.
 */
export const vesselProducts = (payments: PaymentsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/products',
    options: {
      tags: ['api', 'vessel', 'billing'],
      description: "The vessel's products (what it has, what it may buy, prices, terms) and subscription (billingManager VIEW)",
      validate: { params: Joi.object({ id: Joi.number().integer().required() }) },
      plugins: { vessel: { needs: [{ area: 'billingManager', level: 'VIEW' }] } },
      handler(request) {
        const { vesselId, access } = vesselOf(request);
        return payments.vesselProducts(vesselId, allows(access, { area: 'billingManager', level: 'MANAGE' }));
      },
    },
  });
