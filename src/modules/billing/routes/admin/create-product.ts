import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { ProductInput } from '../../repository.js';
import type { BillingService } from '../../service.js';
import { productFields } from './product-schema.js';

/** POST admin/products: a new product (price, currency, term). */
export const createProduct = (billing: BillingService) =>
  defineRoute<{ Payload: ProductInput }>({
    method: 'POST',
    path: '/api/admin/products',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'billing'],
      description: 'Create a product: code, name, price in minor units (pricePence), currency, term in months',
      validate: {
        payload: Joi.object({
          ...productFields,
          code: productFields.code.required(),
          name: productFields.name.required(),
          pricePence: productFields.pricePence.required(),
          description: productFields.description.default(''),
          currency: productFields.currency.default('GBP'),
          termMonths: productFields.termMonths.default(12),
          active: productFields.active.default(true),
        }),
      },
      async handler(request) {
        const product = await billing.createProduct(request.payload);
        auditTarget(request, { targetType: 'product', targetId: product.id });
        return product;
      },
    },
  });
