/**
 * What the message stream's events do to the app's cache: the unread count follows, a new message
 * joins its open thread once (the sender's own answer may have put it there already), a deleted
 * one leaves, and pages listening hear about each event.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Message, MessagesPage } from '../../contracts/messaging';
import { onMessagingEvent, type MessagingEvent } from '../../web/src/features/messages/messagesLive';
import { messageKeys } from '../../web/src/features/messages/queries';
import { applyMessagingEvent } from '../../web/src/features/messages/useMessagesLive';

const message = (id: number, text: string): Message => ({ id, threadId: 7, senderId: 2, text, createdAt: '2026-11-24T10:00:00.000Z', attachments: [] });

describe('message stream events', () => {
  it('keep the unread count, the open thread and the listeners current', () => {
    const queryClient = new QueryClient();
    const heard: MessagingEvent['type'][] = [];
    const stop = onMessagingEvent((event) => heard.push(event.type));
    queryClient.setQueryData<MessagesPage>(messageKeys.thread(7), { content: [message(1, 'Ahoy')], hasMore: false });

    applyMessagingEvent(queryClient, { type: 'unread', data: { unreadCount: 3 } });
    expect(queryClient.getQueryData(messageKeys.stats)).toEqual({ unreadCount: 3 });

    applyMessagingEvent(queryClient, { type: 'message', data: { threadId: 7, message: message(2, 'Fenders out') } });
    applyMessagingEvent(queryClient, { type: 'message', data: { threadId: 7, message: message(2, 'Fenders out') } });
    expect(queryClient.getQueryData<MessagesPage>(messageKeys.thread(7))?.content.map((m) => m.text)).toEqual(['Ahoy', 'Fenders out']);

    applyMessagingEvent(queryClient, { type: 'messageDeleted', data: { threadId: 7, messageId: 1 } });
    expect(queryClient.getQueryData<MessagesPage>(messageKeys.thread(7))?.content.map((m) => m.id)).toEqual([2]);

    // A thread that is not open is not invented.
    applyMessagingEvent(queryClient, { type: 'message', data: { threadId: 8, message: { ...message(3, 'Elsewhere'), threadId: 8 } } });
    expect(queryClient.getQueryData(messageKeys.thread(8))).toBeUndefined();

    stop();
    applyMessagingEvent(queryClient, { type: 'threads', data: { threadId: 7 } });
    expect(heard).toEqual(['unread', 'message', 'message', 'messageDeleted', 'message']);
  });
});
