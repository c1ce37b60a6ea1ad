import Joi from 'joi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { PaymentsService } from '../../payments-service.js';

/** GET profile/invoices/{id}: one invoice of the caller's, with the seller and VAT rate, for the printable view (404 for another payer's). */
export const showInvoice = (payments: PaymentsService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/profile/invoices/{id}',
    options: {
      tags: ['api', 'profile', 'billing'],
      description: "One of the caller's invoices: number, date, lines, net, VAT, total, card (404 for another payer's)",
      validate: { params: Joi.object({ id: Joi.number().integer().required() }) },
      handler: (request) => payments.invoice(callerOf(request).id, request.params.id),
    },
  });
