import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { onMessagingEvent, type MessagingEvent } from '../messages/messagesLive';
import { vesselKeys } from '../vessels/queries';
import { serviceRequestKeys } from './queries';

/** Marks what a stream event changed as stale: the lists of requests, and the vessel's service log once one is done. */
export function applyServiceRequestEvent(queryClient: QueryClient, event: MessagingEvent): void {
  // A (re)connection may have missed events: the company's list is read again.
  if (event.type === 'hello') void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.company });
  if (event.type !== 'serviceRequest') return;
  void queryClient.invalidateQueries({ queryKey: serviceRequestKeys.company });
  void queryClient.invalidateQueries({ queryKey: vesselKeys.section(event.data.vesselId, 'serviceRequests') });
  if (event.data.state === 'done') void queryClient.invalidateQueries({ queryKey: [...vesselKeys.section(event.data.vesselId, 'service'), 'log'] });
}

/**
 * Keeps service requests fresh without reloading: the user's live stream (GET messages/live, held
 * by the dashboard) says when a request they asked for, or one waiting on their company, was made
 * or marked done; the lists and the vessel's service log are read again.
 */
export function useServiceRequestsLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => onMessagingEvent((event) => applyServiceRequestEvent(queryClient, event)), [queryClient]);
}
