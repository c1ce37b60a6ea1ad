import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PaymentsService } from '../../payments-service.js';

/** DELETE profile/paymentMethods/{id}: removes one of the caller's cards; 418 while it pays a renewal. */
export const deletePaymentMethod = (payments: PaymentsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'DELETE',
    path: '/api/profile/paymentMethods/{id}',
    options: {
      tags: ['api', 'profile', 'billing'],
      description: "Remove one of the caller's payment cards (418 while it pays a subscription's renewal)",
      validate: { params: Joi.object({ id: Joi.number().integer().required() }) },
      async handler(request) {
        await payments.removePaymentMethod(callerOf(request).id, request.params.id);
        auditTarget(request, { targetType: 'paymentMethod', targetId: request.params.id });
        return { removed: true };
      },
    },
  });
