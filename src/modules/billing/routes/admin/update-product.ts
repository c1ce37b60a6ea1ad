import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { ProductInput } from '../../repository.js';
import type { BillingService } from '../../service.js';
import { productFields } from './product-schema.js';

/** PUT admin/products/{id}: edit a product; running subscriptions keep their end dates. */
export const updateProduct = (billing: BillingService) =>
  defineRoute<{ Params: { id: number }; Payload: Partial<ProductInput> }>({
    method: 'PUT',
    path: '/api/admin/products/{id}',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'billing'],
      description: 'Edit a product (any of code, name, description, pricePence, currency, termMonths, active)',
      validate: { params: Joi.object({ id: Joi.number().integer().min(1).required() }), payload: Joi.object(productFields).min(1) },
      async handler(request) {
        const product = await billing.updateProduct(request.params.id, request.payload);
        auditTarget(request, { targetType: 'product', targetId: product.id });
        return product;
      },
    },
  });
