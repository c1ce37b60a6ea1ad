/**
 * The billing module: products, vouchers, vessel subscriptions, card payments through a payment
 * provider (docs/payments.md), payment methods and invoices. Permissions and vessel names come
 * from the access module, so billing depends on no vessel module.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { readerOf } from '../../platform/i18n.js';
import { allows } from '../access/api.js';
import { voucherAttempts } from './api.js';
import { paymentProviderFor } from './payments/index.js';
import { receiptOf } from './receipts.js';
import { PaymentsService } from './payments-service.js';
import { createVoucher } from './routes/admin/create-voucher.js';
import { listProducts } from './routes/admin/products.js';
import { showVoucherCode } from './routes/admin/show-voucher-code.js';
import { listVouchers } from './routes/admin/vouchers.js';
import { deletePaymentMethod } from './routes/profile/delete-payment-method.js';
import { showInvoice } from './routes/profile/invoice.js';
import { newPaymentMethod } from './routes/profile/new-payment-method.js';
import { listPaymentMethods } from './routes/profile/payment-methods.js';
import { paymentItems } from './routes/profile/payment-items.js';
import { profileSubscriptions } from './routes/profile/subscriptions.js';
import { cancelSubscription } from './routes/subscriptions/cancel.js';
import { changeSubscriptionProducts } from './routes/subscriptions/change.js';
import { createSubscription } from './routes/subscriptions/create.js';

import { createProduct } from './routes/admin/create-product.js';
import { updateProduct } from './routes/admin/update-product.js';
import { voucherRedemptions } from './routes/admin/voucher-redemptions.js';
import { vouchersPage } from './routes/admin/vouchers-page.js';
import { createSubscriptionWithVoucher } from './routes/subscriptions/create-with-voucher.js';
import { vesselProducts } from './routes/vessel/products.js';
import { BillingService } from './service.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    billing: { api: BillingService; payments: PaymentsService };
  }
}

/** How often due renewals are looked for; a subscription renews during the last day of its term. */
const RENEWAL_SWEEP_MS = 3600 * 1000;

export const billingModule: Plugin<ModuleOptions> = {
  name: 'billing',
  dependencies: ['auth', 'access'],
  register(server, { ctx }) {
    const access = server.plugins.access.api;
    const billing = new BillingService(ctx.db, access, voucherAttempts(ctx.limits), ctx.clock);
    const payments = new PaymentsService(
      ctx.db,
      paymentProviderFor(ctx.config.paymentProvider),
      {
        vesselNames: (ids) => access.vesselNames(ids),
        async billingVessels(userId) {
          const out = new Map<number, { manage: boolean }>();
          for (const [vesselId, a] of await access.accessesOf(userId))
            if (allows(a, { area: 'billingManager', level: 'VIEW' })) out.set(vesselId, { manage: allows(a, { area: 'billingManager', level: 'MANAGE' }) });
          return out;
        },
        cloudServices: (vesselId) => access.cloudServices(vesselId),
        async sendReceipt(invoice) {
          const payer = invoice.payerId === null ? null : await server.plugins.auth.api.findUser(invoice.payerId);
          if (payer) await ctx.mail.send({ to: payer.email, ...receiptOf(invoice, ctx.config.publicUrl, readerOf(payer)) });
        },
      },
      ctx.log,
      ctx.clock,
    );
    server.expose('payments', payments);
    server.expose('api', billing);

    ctx.scheduler.every('billing.renewals', RENEWAL_SWEEP_MS, () => payments.renewDue(), { atStart: true });

    server.route([
      vesselProducts(payments),
      createSubscription(payments),
      changeSubscriptionProducts(payments),
      createSubscriptionWithVoucher(billing),
      cancelSubscription(payments),
      listPaymentMethods(payments),
      newPaymentMethod(payments, ctx.clock),
      deletePaymentMethod(payments),
      profileSubscriptions(payments),
      paymentItems(payments),
      showInvoice(payments),
      listProducts(billing),
      listVouchers(billing),
      createVoucher(billing),
      showVoucherCode(billing),
      voucherRedemptions(billing),
      vouchersPage(billing),
      createProduct(billing),
      updateProduct(billing),
    ]);
  },
};
