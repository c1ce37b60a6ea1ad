/**
 * What the message stream's events do to the app's cache: the unread count follows, a new message
 * joins its open thread once (the sender's own answer may have put it there already), a deleted
 * one leaves, and the stream's function hears about each event until the stream is closed (the
 * events arrive on the stream, read by the live client, live/liveClient.ts).
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message, MessagesPage } from '../../contracts/messaging';
import { connectMessagesLive, type MessagingEvent } from '../../web/src/features/messages/messagesLive';
import { messageKeys } from '../../web/src/features/messages/queries';
import { applyMessagingEvent } from '../../web/src/features/messages/useMessagesLive';

const message = (id: number, text: string): Message => ({ id, threadId: 7, senderId: 2, text, createdAt: '2026-11-24T10:00:00.000Z', attachments: [] });

class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('message stream events', () => {
  it('keep the unread count, the open thread and the listeners current', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const queryClient = new QueryClient();
    const heard: MessagingEvent['type'][] = [];
    const stop = connectMessagesLive(
      async () => '/api/messages/live?linkKey=1',
      (event) => {
        heard.push(event.type);
        applyMessagingEvent(queryClient, event);
      },
    );
    await vi.waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    const source = FakeEventSource.made[0];
    const stream = (event: MessagingEvent) => source.dispatchEvent(Object.assign(new Event(event.type), { data: JSON.stringify(event.data) }));
    queryClient.setQueryData<MessagesPage>(messageKeys.thread(7), { content: [message(1, 'Ahoy')], hasMore: false });

    stream({ type: 'unread', data: { unreadCount: 3 } });
    expect(queryClient.getQueryData(messageKeys.stats)).toEqual({ unreadCount: 3 });

    stream({ type: 'message', data: { threadId: 7, message: message(2, 'Fenders out') } });
    stream({ type: 'message', data: { threadId: 7, message: message(2, 'Fenders out') } });
    expect(queryClient.getQueryData<MessagesPage>(messageKeys.thread(7))?.content.map((m) => m.text)).toEqual(['Ahoy', 'Fenders out']);

    stream({ type: 'messageDeleted', data: { threadId: 7, messageId: 1 } });
    expect(queryClient.getQueryData<MessagesPage>(messageKeys.thread(7))?.content.map((m) => m.id)).toEqual([2]);

    // A thread that is not open is not invented.
    stream({ type: 'message', data: { threadId: 8, message: { ...message(3, 'Elsewhere'), threadId: 8 } } });
    expect(queryClient.getQueryData(messageKeys.thread(8))).toBeUndefined();

    stop();
    stream({ type: 'threads', data: { threadId: 7 } });
    expect(heard).toEqual(['unread', 'message', 'message', 'messageDeleted', 'message']);
  });
});
