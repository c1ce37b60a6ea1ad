import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

/** Client errors will not heal by retrying; connection failures and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status !== null && error.status < 500) return false;
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
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
