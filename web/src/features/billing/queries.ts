import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { VesselSubscription } from '../vessels/types';

export interface Product {
  id: number;
  code?: string;
  name: string;
  description?: string | null;
}

export interface VoucherDetails {
  code: string;
  months: number;
  expiresAt: string | null;
  usesLeft: number;
  products: Product[];
}

/** The vessel's products, and whether they came from the server's product call or the subscription's own list. */
export interface VesselProducts {
  source: 'products' | 'subscription';
  products: Product[];
}

/** The EULA's terms of a subscription (terms, section 5). */
export const SUBSCRIPTION_TERMS = {
  termMonths: 12,
  renewalMonths: 12,
  noticeDays: 28,
  testPeriodDays: 7,
} as const;

/**
 * `GET vessel/{id}/products`; a server without that call (404) falls back to the product ids the
 * vessel's subscription names, and the screen says so.
 */
export async function loadVesselProducts(
  vesselId: number,
  subscription: VesselSubscription | null,
  fetchProducts: () => Promise<Product[]> = () => api.get<Product[]>(vesselPath(vesselId, 'products')),
): Promise<VesselProducts> {
  try {
    return { source: 'products', products: await fetchProducts() };
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
    return {
      source: 'subscription',
      products: (subscription?.productIds ?? []).map((id) => ({ id, name: `Product ${id}` })),
    };
  }
}

export const billingQueries = {
  products: (vesselId: number, subscription: VesselSubscription | null) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'products'),
      queryFn: () => loadVesselProducts(vesselId, subscription),
      retry: false,
    }),
};

export const billingActions = {
  voucherDetails: (code: string) => api.get<VoucherDetails>('profile/billing/showVoucherDetails', { query: { code } }),
  redeemVoucher: (vesselId: number, voucherCode: string) =>
    api.post<VesselSubscription | null>('billing/createVesselSubscriptionWithVoucher', { vesselId, voucherCode }),
  subscribeByCard: (vesselId: number, productIds: number[]) => api.post<unknown>('billing/createVesselSubscription', { vesselId, productIds }),
};
