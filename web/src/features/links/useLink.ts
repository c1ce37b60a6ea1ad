import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryValue } from '../../lib/api';
import { LINK_KEY_RENEW_MS, linkKeyQuery, withLinkKey, type LinkKey } from './queries';

/** Only the API's own addresses need a key (`/api/…` as the server hands them out, or `vessel/…` as the app names them). */
const needsKey = (path: string) => path.startsWith('/api/') || !/^(\/|[a-z][a-z\d+.-]*:)/i.test(path);

/** The link key of `path`, renewed while it is shown: valid whenever a link made with it is followed. */
export function useLinkKey(path: string | null): LinkKey | null {
  const { data } = useQuery({ ...linkKeyQuery(path ?? ''), enabled: path !== null, refetchInterval: LINK_KEY_RENEW_MS });
  return path !== null && data ? data : null;
}

/**
 * A link the user follows later (a document), or a picture loaded again on demand (a camera
 * snapshot), with a link key renewed while it is shown. null until the first key arrives, and
 * for a null path; an address outside the API as it is.
 */
export function useLink(path: string | null, query?: Record<string, QueryValue>): string | null {
  const keyed = path !== null && needsKey(path);
  const key = useLinkKey(keyed ? path : null);
  if (!path || !keyed) return path;
  return key ? withLinkKey(path, key, query) : null;
}

/**
 * A link the browser loads once, as soon as it is shown (a picture, a camera's live stream): it
 * waits for a key young enough to load with and then keeps it, so the picture is not loaded again
 * and a stream already open keeps running while the key is renewed for other links.
 */
export function useFixedLink(path: string | null): string | null {
  const keyed = path !== null && needsKey(path);
  const key = useQuery({ ...linkKeyQuery(path ?? ''), enabled: keyed });
  const fresh = path && keyed && key.data && !key.isStale ? withLinkKey(path, key.data) : null;
  const [fixed, setFixed] = useState<{ path: string; url: string } | null>(null);
  if (!path || !keyed) return path;
  if (fresh && fixed?.path !== path) setFixed({ path, url: fresh });
  return fixed?.path === path ? fixed.url : fresh;
}
