/** Simple-device reads: identical GETs within 9 s are answered from the cache (spec 7). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { configureApi } from '../../web/src/lib/api';
import { simpleDeviceQueries } from '../../web/src/features/simpleDevices/queries';

const T0 = Date.parse('2026-11-24T08:00:00Z');

afterEach(() => {
  vi.useRealTimers();
  configureApi({ getToken: () => null, onOutcome: () => {}, onUnauthorized: () => {} });
});

describe('simple-device queries', () => {
  it.each([
    ['the device list', (client: QueryClient) => client.fetchQuery(simpleDeviceQueries.list(7)), '/api/simpleDevices?vesselId=7'],
    ['the gauge dashboard', (client: QueryClient) => client.fetchQuery(simpleDeviceQueries.dashboard(7)), '/api/simpleDevices/dashboard/7'],
    ['the templates', (client: QueryClient) => client.fetchQuery(simpleDeviceQueries.templates()), '/api/simpleDevices/templates'],
  ] as const)('asks the server for %s once within 9 s, again after', async (_what, read, url) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true, data: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    configureApi({ fetch: fetch as unknown as typeof globalThis.fetch, getToken: () => 'session-key' });
    const client = new QueryClient();

    await read(client);
    vi.setSystemTime(T0 + 8_900);
    await read(client);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual([url, expect.anything()]);

    vi.setSystemTime(T0 + 9_100);
    await read(client);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
