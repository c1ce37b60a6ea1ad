import type { QueryClient } from '@tanstack/react-query';
import type { MessagingEvent } from '../messages/messagesLive';
import { vesselKeys } from '../vessels/queries';
import { serviceRequestKeys } from './queries';

/**
 * What the user's live stream (GET messages/live, held by the dashboard: messages/useMessagesLive)
 * says of service requests: a request they asked for, or one waiting on their company, was made or
 * marked done. The lists of requests are marked stale, and the vessel's service log once one is
 * done, so they are read again without reloading.
 */
export function applyServiceRequestEvent(queryClient: QueryClient, event: MessagingEvent): void {
  // A (re)connection may have missed events: the company's list is read again.
  if (event.type === 'hello') void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.company });
  if (event.type !== 'serviceRequest') return;
  void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.company });
  void queryClient.invalidateQueries({ queryKey: vesselKeys.section(event.data.vesselId, 'serviceRequests') });
  if (event.data.state === 'done') void queryClient.invalidateQueries({ queryKey: [...vesselKeys.section(event.data.vesselId, 'service'), 'log'] });
}
