import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { currentLocale, i18n } from '../../i18n';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type {
  Invoice,
  InvoiceDetail,
  PaymentMethodView as PaymentMethod,
  SubscriptionView,
  VesselProducts,
  VoucherOffer as VoucherDetails,
} from '../../../../contracts/billing';
import type { VesselSubscription } from '../vessels/types';

export { SUBSCRIPTION_TERMS } from '../../../../contracts/billing';
export type {
  Invoice,
  InvoiceDetail,
  InvoiceLine,
  PaymentMethodView as PaymentMethod,
  Product,
  SubscriptionView,
  VesselProduct,
  VesselProducts,
  VoucherOffer as VoucherDetails,
} from '../../../../contracts/billing';

export interface NewCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

export const billingKeys = {
  paymentMethods: ['profile', 'paymentMethods'] as const,
  subscriptions: ['profile', 'subscriptions'] as const,
  invoices: ['profile', 'invoices'] as const,
  invoice: (id: number) => ['profile', 'invoices', id] as const,
};

/** Pence as money in the currency: £249.00. */
export function formatMoney(pence: number, currency: string): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'currency', currency }).format(pence / 100);
}

export const cardLabel = (m: Pick<PaymentMethod, 'brand' | 'last4'>) =>
  i18n.t('billing:card.label', { brand: `${m.brand.charAt(0).toUpperCase()}${m.brand.slice(1)}`, last4: m.last4 });

export const billingQueries = {
  products: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'products'),
      queryFn: () => api.get<VesselProducts>(vesselPath(vesselId, 'products')),
      retry: false,
    }),
  paymentMethods: () => queryOptions({ queryKey: billingKeys.paymentMethods, queryFn: () => api.get<PaymentMethod[]>('profile/paymentMethods') }),
  subscriptions: () => queryOptions({ queryKey: billingKeys.subscriptions, queryFn: () => api.get<SubscriptionView[]>('profile/subscriptions') }),
  invoices: () => queryOptions({ queryKey: billingKeys.invoices, queryFn: () => api.get<Invoice[]>('profile/paymentItems') }),
  invoice: (id: number) => queryOptions({ queryKey: billingKeys.invoice(id), queryFn: () => api.get<InvoiceDetail>(`profile/invoices/${id}`) }),
};

export const billingActions = {
  voucherDetails: (code: string) => api.get<VoucherDetails>('profile/billing/showVoucherDetails', { query: { code } }),
  redeemVoucher: (vesselId: number, voucherCode: string) =>
    api.post<VesselSubscription | null>('billing/createVesselSubscriptionWithVoucher', { vesselId, voucherCode }),
  subscribeByCard: (vesselId: number, productIds: number[], paymentMethodId: number) =>
    api.post<{ subscription: SubscriptionView; invoice: Invoice }>('billing/createVesselSubscription', { vesselId, productIds, paymentMethodId }),
  changeProducts: (vesselId: number, productIds: number[], paymentMethodId?: number) =>
    api.post<{ subscription: SubscriptionView; invoice: Invoice | null }>('billing/changeSubscriptionProducts', { vesselId, productIds, paymentMethodId }),
  cancel: (vesselId: number) => api.post<{ subscription: SubscriptionView; refundedPence: number }>('billing/cancelSubscription', { vesselId }),
  addCard: (card: NewCard) => api.post<PaymentMethod>('profile/newPaymentMethod', card),
  removeCard: (id: number) => api.delete<{ removed: boolean }>(`profile/paymentMethods/${id}`),
};
