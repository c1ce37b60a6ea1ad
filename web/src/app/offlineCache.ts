/**
 * The last known server data the app opens with when there is no network (docs/decisions.md,
 * "Phone app"): the session, profile, organisation, fleet and vessel queries (not histories),
 * written to localStorage a second after they change and put back in the query cache at start.
 * Each query keeps the time its data arrived (a fetch or a live value), which the offline notice
 * shows as its age; stale data is refetched as usual once online. A query whose latest refetch
 * failed still holds its last known data and is kept with it: a second start offline must find
 * the same copy as the first. What leaves the cache (a vessel's queries when its page is left,
 * spec 4, or unused ones collected) stays in the copy for the last RETAINED_VESSELS vessels still
 * in the fleet, so the vessel last looked at opens offline from the fleet too. Logging out, or a session the server refuses, forgets it like the
 * rest of the persisted state.
 */
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

type DehydratedQuery = DehydratedState['queries'][number];

const KEY = 'vessel-link.offline-cache';
const SAVE_DELAY_MS = 1000;
const KEPT = new Set(['session', 'profile', 'organisation', 'vessels', 'alerts']);
/** How many vessels whose queries have left the cache the copy still holds. */
export const RETAINED_VESSELS = 10;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Whether a query belongs in the copy: one of the kept families, not a history nor a command's state, and holding data (whatever its last fetch did). */
export const isKeptOffline = (query: Query): boolean =>
  query.state.data !== undefined && KEPT.has(String(query.queryKey[0])) && !query.queryKey.includes('history') && !query.queryKey.includes('commands');

/** The vessel a query belongs to (['vessels', id, …]), null for the others. */
const vesselOf = (query: DehydratedQuery): number | null =>
  query.queryKey[0] === 'vessels' && typeof query.queryKey[1] === 'number' ? query.queryKey[1] : null;

function fleetIds(queries: DehydratedQuery[]): Set<number> | null {
  const fleet = queries.find((query) => query.queryKey.length === 1 && query.queryKey[0] === 'vessels')?.state.data;
  return Array.isArray(fleet) ? new Set(fleet.map((vessel: { id: number }) => vessel.id)) : null;
}

/**
 * What the stored copy had that the cache no longer holds and is still worth keeping: the
 * session-wide queries, and the queries of the RETAINED_VESSELS most recently updated vessels
 * that are still in the fleet (a deleted vessel, or one whose access ended, is dropped).
 */
export function retainedFromCopy(previous: DehydratedQuery[], current: DehydratedQuery[]): DehydratedQuery[] {
  const present = new Set(current.map((query) => query.queryHash));
  const missing = previous.filter((query) => !present.has(query.queryHash));
  const fleet = fleetIds(current) ?? fleetIds(previous);
  const lastUpdate = new Map<number, number>();
  for (const query of missing) {
    const vessel = vesselOf(query);
    if (vessel !== null) lastUpdate.set(vessel, Math.max(lastUpdate.get(vessel) ?? 0, query.state.dataUpdatedAt));
  }
  const currentVessels = new Set(current.map(vesselOf).filter((vessel) => vessel !== null));
  const kept = new Set(
    [...lastUpdate]
      .filter(([vessel]) => !currentVessels.has(vessel) && (fleet === null || fleet.has(vessel)))
      .sort((a, b) => b[1] - a[1])
      .slice(0, RETAINED_VESSELS)
      .map(([vessel]) => vessel),
  );
  return missing.filter((query) => {
    const vessel = vesselOf(query);
    return vessel === null || kept.has(vessel) || currentVessels.has(vessel);
  });
}

/**
 * The copy to store: each kept query with its data and the time that data arrived, as a success.
 * The failure of a refetch (offline) is no part of what the app last knew; stored, it would come
 * back as an error the screens show instead of the values.
 */
export function offlineSnapshot(client: QueryClient, previous: DehydratedState | null = null): DehydratedState {
  const state = dehydrate(client, { shouldDehydrateQuery: isKeptOffline });
  const current = state.queries;
  return {
    ...state,
    queries: [...current, ...retainedFromCopy(previous?.queries ?? [], current)].map((query) => ({
      ...query,
      state: {
        ...query.state,
        status: 'success' as const,
        fetchStatus: 'idle' as const,
        error: null,
        errorUpdatedAt: 0,
        errorUpdateCount: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        isInvalidated: false,
      },
    })),
  };
}

function readCopy(store: Store): DehydratedState | null {
  const raw = store.getItem(KEY);
  if (!raw) return null;
  const parsed = JSON.parse(raw) as DehydratedState;
  return Array.isArray(parsed?.queries) ? parsed : null;
}

export function restoreOfflineCache(client: QueryClient, store: Store = localStorage): void {
  try {
    const copy = readCopy(store);
    if (!copy) return;
    hydrate(client, copy);
    // A copy is never fresher than the server: every screen refetches what it shows from it.
    void client.invalidateQueries({ refetchType: 'none' });
  } catch {
    store.removeItem(KEY);
  }
}

/** Writes the copy now (keepOfflineCache does it a second after each change). */
export function saveOfflineCache(client: QueryClient, store: Store = localStorage): void {
  let previous: DehydratedState | null = null;
  try {
    previous = readCopy(store);
  } catch {
    // An unreadable copy is replaced.
  }
  try {
    const state = offlineSnapshot(client, previous);
    if (state.queries.length) store.setItem(KEY, JSON.stringify(state));
    else store.removeItem(KEY);
  } catch {
    // A full quota: the app works on, only not offline.
  }
}

/** Keeps the stored copy up to date; answers the function that stops it. */
export function keepOfflineCache(client: QueryClient, store: Store = localStorage): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    clearTimeout(timer);
    timer = setTimeout(() => saveOfflineCache(client, store), SAVE_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

export function forgetOfflineCache(store: Store = localStorage): void {
  store.removeItem(KEY);
}
