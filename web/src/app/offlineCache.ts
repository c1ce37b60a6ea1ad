/**
 * The last known server data the app opens with when there is no network (docs/decisions.md,
 * "Phone app"): the session, profile, organisation, fleet and vessel queries (not histories),
 * written to localStorage a second after they change and put back in the query cache at start.
 * Each query keeps the time it was fetched, which the offline notice shows as its age; stale
 * data is refetched as usual once online. Logging out, or a session the server refuses, forgets
 * it like the rest of the persisted state.
 */
import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';

const KEY = 'vessel-link.offline-cache';
const SAVE_DELAY_MS = 1000;
const KEPT = new Set(['session', 'profile', 'organisation', 'vessels', 'alerts']);

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const kept = (query: Query) => query.state.status === 'success' && KEPT.has(String(query.queryKey[0])) && !query.queryKey.includes('history');

export function restoreOfflineCache(client: QueryClient, store: Store = localStorage): void {
  try {
    const raw = store.getItem(KEY);
    if (!raw) return;
    hydrate(client, JSON.parse(raw));
    // A copy is never fresher than the server: every screen refetches what it shows from it.
    void client.invalidateQueries({ refetchType: 'none' });
  } catch {
    store.removeItem(KEY);
  }
}

/** Keeps the stored copy up to date; answers the function that stops it. */
export function keepOfflineCache(client: QueryClient, store: Store = localStorage): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    try {
      const state = dehydrate(client, { shouldDehydrateQuery: kept });
      if (state.queries.length) store.setItem(KEY, JSON.stringify(state));
      else store.removeItem(KEY);
    } catch {
      // A full quota: the app works on, only not offline.
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

export function forgetOfflineCache(store: Store = localStorage): void {
  store.removeItem(KEY);
}
