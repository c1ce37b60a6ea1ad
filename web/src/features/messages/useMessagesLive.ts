import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessagesPage } from '../../../../contracts/messaging';
import { linkTo } from '../links/queries';
import { applyServiceRequestEvent } from '../service/liveEvents';
import { connectMessagesLive, type MessagingEvent } from './messagesLive';
import { messageKeys } from './queries';

/** Folds one event into the Query cache: the unread count, the open thread's messages, the thread list (the messages page's only source). */
export function applyMessagingEvent(queryClient: QueryClient, event: MessagingEvent): void {
  switch (event.type) {
    case 'hello':
      // A (re)connection may have missed events: whatever is cached is read again.
      queryClient.setQueryData(messageKeys.stats, { unreadCount: event.data.unreadCount });
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      break;
    case 'unread':
      queryClient.setQueryData(messageKeys.stats, { unreadCount: event.data.unreadCount });
      break;
    case 'message': {
      const { threadId, message } = event.data;
      queryClient.setQueryData<MessagesPage>(messageKeys.thread(threadId), (page) =>
        page && !page.content.some((m) => m.id === message.id) ? { ...page, content: [...page.content, message] } : page,
      );
      break;
    }
    case 'messageDeleted':
      queryClient.setQueryData<MessagesPage>(messageKeys.thread(event.data.threadId), (page) =>
        page ? { ...page, content: page.content.filter((m) => m.id !== event.data.messageId) } : page,
      );
      break;
    // Service requests are the service feature's (applyUserStreamEvent hands them on).
    case 'read':
    case 'threads':
    case 'serviceRequest':
      break;
  }
  // The thread list (the messages page reads it) is read again after every change; a service request opens a thread.
  if (event.type !== 'hello' && event.type !== 'unread') void queryClient.invalidateQueries({ queryKey: messageKeys.threads, exact: true });
}

/** The user's stream's function: each event goes into the cache of every feature it concerns (messages, service requests). */
export function applyUserStreamEvent(queryClient: QueryClient, event: MessagingEvent): void {
  applyMessagingEvent(queryClient, event);
  applyServiceRequestEvent(queryClient, event);
}

/** Keeps the browser's one message stream open while signed in, in the session `sessionKey` names (DashboardLayout). */
export function useMessagesLive(sessionKey: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!sessionKey || typeof EventSource === 'undefined') return;
    return connectMessagesLive(
      (fresh) => linkTo(queryClient, 'messages/live', { fresh }),
      (event) => applyUserStreamEvent(queryClient, event),
    );
  }, [queryClient, sessionKey]);
}
