/**
 * Link keys (docs/decisions.md, "Link keys"): a link the browser follows by itself (an <img>, a
 * download, an EventSource) can send no header, so it carries a short-lived key for its one path,
 * asked of `POST auth/linkKeys` with the session. Keys are kept in the query cache per path and
 * renewed well before the server lets them expire.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, apiUrl, type QueryValue } from '../../lib/api';

/** The server keeps a key valid 5 minutes; one older than this is asked again before it is used. */
export const LINK_KEY_RENEW_MS = 2 * 60_000;

export interface LinkKey {
  linkKey: string;
  expiresAt: string;
}

export const linkKeys = {
  all: ['linkKeys'] as const,
  path: (path: string) => ['linkKeys', path] as const,
};

/** A path as the app names API calls (`vessel/1/image`), from one the server handed out (`/api/vessel/1/image`) too. */
export function apiPathOf(url: string): string {
  return url.replace(/^\/api\//, '').replace(/^\/+/, '');
}

export const linkKeyQuery = (path: string) =>
  queryOptions({
    queryKey: linkKeys.path(apiPathOf(path)),
    queryFn: () => api.post<LinkKey>('auth/linkKeys', { path: `/api/${apiPathOf(path)}` }),
    staleTime: LINK_KEY_RENEW_MS,
    // Forgotten a minute after the last link using it goes: a key shown again is never near its end.
    gcTime: 60_000,
  });

/** `path` (its own query kept) with `query` and a link key added. */
export function withLinkKey(path: string, key: LinkKey, query: Record<string, QueryValue> = {}): string {
  const [bare, search] = path.split('?');
  return apiUrl(apiPathOf(bare), { ...Object.fromEntries(new URLSearchParams(search)), ...query, linkKey: key.linkKey });
}

/** The URL of `path` with a link key: the cached one while it is fresh, or a new one (`fresh`: always a new one). */
export async function linkTo(queryClient: QueryClient, path: string, { fresh = false } = {}): Promise<string> {
  const options = linkKeyQuery(path);
  return withLinkKey(path, await queryClient.fetchQuery(fresh ? { ...options, staleTime: 0 } : options));
}
