import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

/**
 * Client errors will not heal by retrying; connection failures and 5xx get two more tries, but
 * not while the browser has no network: a retry could reach nothing (and would only add to the
 * failures counted), and every shown query is refetched when the network is back.
 */
export function shouldRetry(failureCount: number, error: unknown, browserOnline = typeof navigator === 'undefined' || navigator.onLine !== false): boolean {
  if (isApiError(error) && error.status !== null && error.status < 500) return false;
  if (!browserOnline) return false;
  return failureCount < 2;
}

/**
 * `networkMode: 'always'`: a request is sent even when the browser says it is offline, so its
 * failure reaches the connectivity counter and the Connection Issue dialog (spec 4 and 8) instead
 * of waiting unseen, and a command fails at once rather than being sent when the network is back,
 * to a vessel whose state may have changed meanwhile. Queries still refetch on reconnecting.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) => shouldRetry(failureCount, error),
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
