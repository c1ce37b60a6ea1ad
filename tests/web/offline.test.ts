/**
 * Losing the network (issue 44): the offline copy of the query cache (web/src/app/offlineCache.ts)
 * keeps every query that holds data, a failed refetch included, so the app opens offline a second
 * time as it did the first; it keeps the vessels last looked at after their page was left; and
 * what the vessel page says offline (features/offline/useOnline.ts, features/live/liveLabel.ts).
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/lib/api';
import { RETAINED_VESSELS, forgetOfflineCache, offlineSnapshot, restoreOfflineCache, saveOfflineCache } from '../../web/src/app/offlineCache';
import { networkState } from '../../web/src/features/offline/useOnline';
import { liveLabel } from '../../web/src/features/live/liveLabel';
import { shouldRetry } from '../../web/src/app/queryClient';

const KEY = 'vessel-link.offline-cache';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
const noAnswer = () => Promise.reject(new ApiError(null, 'No response from the server', 'GET vessel/basic'));

/** A refetch that gets no answer, as every refetch does offline. */
async function failRefetch(queryClient: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await queryClient.fetchQuery({ queryKey, queryFn: noAnswer, staleTime: 0 }).catch(() => undefined);
}

const USER = { id: 7, firstName: 'Ann' };
const FLEET = [{ id: 1, name: 'Sea Breeze' }];
const DEVICES = [{ id: 3, name: 'House battery', properties: [{ path: 'electrical.batteries.house.voltage', value: 12.6 }] }];
const LIVE_VALUE_AT = Date.parse('2026-11-29T08:00:00Z');

function signedInCache(): QueryClient {
  const queryClient = client();
  queryClient.setQueryData(['session', 'user'], USER, { updatedAt: LIVE_VALUE_AT - 60_000 });
  queryClient.setQueryData(['vessels'], FLEET, { updatedAt: LIVE_VALUE_AT - 60_000 });
  queryClient.setQueryData(['vessels', 1], { id: 1, name: 'Sea Breeze', online: true }, { updatedAt: LIVE_VALUE_AT - 60_000 });
  queryClient.setQueryData(['vessels', 1, 'devices'], DEVICES, { updatedAt: LIVE_VALUE_AT });
  return queryClient;
}

describe('the offline copy', () => {
  it('keeps a query whose refetch failed offline, so a second start offline opens with the same values', async () => {
    const store = memoryStore();
    // First start offline: the copy is restored, every refetch fails, and the copy is written again.
    const first = client();
    saveOfflineCache(signedInCache(), store);
    restoreOfflineCache(first, store);
    for (const key of [['session', 'user'], ['vessels'], ['vessels', 1], ['vessels', 1, 'devices']]) await failRefetch(first, key);
    expect(first.getQueryState(['vessels'])?.status).toBe('error');
    saveOfflineCache(first, store);

    // Second start offline: everything is still there, as data (not as the failure), with its own age.
    const second = client();
    restoreOfflineCache(second, store);
    expect(second.getQueryData(['session', 'user'])).toEqual(USER);
    expect(second.getQueryData(['vessels'])).toEqual(FLEET);
    expect(second.getQueryData(['vessels', 1, 'devices'])).toEqual(DEVICES);
    const devices = second.getQueryState(['vessels', 1, 'devices'])!;
    expect(devices.status).toBe('success');
    expect(devices.error).toBeNull();
    expect(devices.dataUpdatedAt).toBe(LIVE_VALUE_AT);
    // Never fresher than the server: a screen that shows it asks the server again.
    expect(devices.isInvalidated).toBe(true);
  });

  it('leaves out queries without data, histories and what is not the session, fleet or vessels', async () => {
    const queryClient = signedInCache();
    await failRefetch(queryClient, ['vessels', 2]);
    queryClient.setQueryData(['vessels', 1, 'history', { path: 'x' }], [1, 2, 3]);
    queryClient.setQueryData(['weather', 1], { temperature: 12 });
    const keys = offlineSnapshot(queryClient).queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys.sort()).toEqual(['["session","user"]', '["vessels",1,"devices"]', '["vessels",1]', '["vessels"]'].sort());
  });

  it('keeps the vessel last looked at after its page is left (its queries leave the cache), while it is in the fleet', () => {
    const store = memoryStore();
    const queryClient = signedInCache();
    saveOfflineCache(queryClient, store);
    queryClient.removeQueries({ queryKey: ['vessels', 1] });
    saveOfflineCache(queryClient, store);
    const restored = client();
    restoreOfflineCache(restored, store);
    expect(restored.getQueryData(['vessels', 1, 'devices'])).toEqual(DEVICES);

    // Gone from the fleet (deleted, or access ended): gone from the copy.
    queryClient.setQueryData(['vessels'], []);
    saveOfflineCache(queryClient, store);
    const after = client();
    restoreOfflineCache(after, store);
    expect(after.getQueryData(['vessels', 1])).toBeUndefined();
  });

  it(`keeps the ${RETAINED_VESSELS} vessels most recently updated once their pages are left`, () => {
    const store = memoryStore();
    const queryClient = client();
    const ids = Array.from({ length: RETAINED_VESSELS + 2 }, (_, index) => index + 1);
    queryClient.setQueryData(
      ['vessels'],
      ids.map((id) => ({ id })),
    );
    for (const id of ids) queryClient.setQueryData(['vessels', id], { id }, { updatedAt: 1_000 * id });
    saveOfflineCache(queryClient, store);
    queryClient.removeQueries({ predicate: (query) => query.queryKey.length > 1 });
    saveOfflineCache(queryClient, store);
    const restored = client();
    restoreOfflineCache(restored, store);
    const kept = ids.filter((id) => restored.getQueryData(['vessels', id]) !== undefined);
    expect(kept).toEqual(ids.slice(2));
  });

  it('is forgotten on logout, and an unreadable copy is dropped rather than breaking the start', () => {
    const store = memoryStore();
    saveOfflineCache(signedInCache(), store);
    forgetOfflineCache(store);
    expect(store.items.has(KEY)).toBe(false);
    store.setItem(KEY, '{not json');
    restoreOfflineCache(client(), store);
    expect(store.items.has(KEY)).toBe(false);
  });
});

describe('what the vessel page says without a network', () => {
  it('is offline when the browser is, unreachable on the Connection Issue or the last known copy, connected otherwise', () => {
    expect(networkState({ browserOnline: false, serverUnreachable: false, onLastKnown: false })).toBe('offline');
    expect(networkState({ browserOnline: false, serverUnreachable: true, onLastKnown: true })).toBe('offline');
    expect(networkState({ browserOnline: true, serverUnreachable: true, onLastKnown: false })).toBe('unreachable');
    expect(networkState({ browserOnline: true, serverUnreachable: false, onLastKnown: true })).toBe('unreachable');
    expect(networkState({ browserOnline: true, serverUnreachable: false, onLastKnown: false })).toBe('connected');
  });

  it('never says Live while the browser is offline, even with fresh values', () => {
    const base = { serverUnreachable: false, online: true, lastSeen: '2026-11-29T08:00:00Z', lastValueAt: 1_000_000, now: 1_000_000 };
    expect(liveLabel({ ...base, stream: 'live' }).text).toBe('Live');
    expect(liveLabel({ ...base, stream: 'offline' })).toEqual({ text: 'Not live: you are offline', tone: 'server' });
    expect(liveLabel({ ...base, stream: 'live', browserOnline: false }).text).toBe('Not live: you are offline');
  });
});

describe('retries while offline', () => {
  it('retries a request that got no answer twice while the browser has a network, never while it has none', () => {
    const lost = new ApiError(null, 'No response from the server', 'GET vessel/basic');
    expect([0, 1, 2].map((count) => shouldRetry(count, lost, true))).toEqual([true, true, false]);
    expect(shouldRetry(0, lost, false)).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Not found', 'GET vessel/9'), true)).toBe(false);
  });
});
