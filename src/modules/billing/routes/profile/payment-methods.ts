import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PaymentsService } from '../../payments-service.js';

/** GET profile/paymentMethods: the caller's cards (brand, last four digits, expiry), newest first. */
export const listPaymentMethods = (payments: PaymentsService) =>
  defineRoute({
    method: 'GET',
    path: '/api/profile/paymentMethods',
    options: {
      tags: ['api', 'profile', 'billing'],
      description: "The caller's payment cards (brand, last four digits, expiry) and the vessels whose renewal each pays",
      handler: (request) => payments.paymentMethods(callerOf(request).id),
    },
  });
