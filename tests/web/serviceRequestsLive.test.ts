/**
 * What the user's stream says of service requests (contracts/messaging.ts `serviceRequest`): the
 * company's list and the vessel's requests are read again, and the vessel's service log once a
 * request is done; a reconnection reads the company's list again; other events leave them be.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { serviceQueries, serviceRequestKeys } from '../../web/src/features/service/queries';
import { applyServiceRequestEvent } from '../../web/src/features/service/liveEvents';

function cache() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(serviceRequestKeys.company, []);
  queryClient.setQueryData(serviceQueries.vesselRequests(1).queryKey, { companies: [], requests: [] });
  queryClient.setQueryData(serviceQueries.log(1).queryKey, []);
  const stale = () =>
    [serviceRequestKeys.company, serviceQueries.vesselRequests(1).queryKey, serviceQueries.log(1).queryKey].map(
      (key) => queryClient.getQueryState(key)?.isInvalidated ?? false,
    );
  return { queryClient, stale };
}

describe('service request events', () => {
  it('mark the lists stale when a request is made, and the service log too when it is done', () => {
    const made = cache();
    applyServiceRequestEvent(made.queryClient, { type: 'serviceRequest', data: { requestId: 4, vesselId: 1, state: 'open' } });
    expect(made.stale()).toEqual([true, true, false]);
    const done = cache();
    applyServiceRequestEvent(done.queryClient, { type: 'serviceRequest', data: { requestId: 4, vesselId: 1, state: 'done' } });
    expect(done.stale()).toEqual([true, true, true]);
  });

  it('read the company’s list again after a reconnection, and ignore the other events', () => {
    const hello = cache();
    applyServiceRequestEvent(hello.queryClient, { type: 'hello', data: { unreadCount: 0 } });
    expect(hello.stale()).toEqual([true, false, false]);
    const other = cache();
    applyServiceRequestEvent(other.queryClient, { type: 'threads', data: { threadId: 3 } });
    expect(other.stale()).toEqual([false, false, false]);
  });
});
