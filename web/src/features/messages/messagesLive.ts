/**
 * The user's message stream (GET /api/messages/live), one connection per browser: the tabs elect
 * a leader with the Web Locks API, the leader holds the EventSource and hands every event to the
 * other tabs over a BroadcastChannel. When the leader closes, the lock passes to another tab,
 * which connects. Browsers without Web Locks connect from each tab.
 */
import { MESSAGING_EVENTS, type MessagingEventMap, type MessagingEventName } from '../../../../contracts/messaging';
import { openLinkedEventSource } from '../links/linkedEventSource';

export type MessagingEvent = { [K in MessagingEventName]: { type: K; data: MessagingEventMap[K] } }[MessagingEventName];

const LOCK = 'vessel-link-messages-live';
const CHANNEL = 'vessel-link-messages';

/** Everything the page needs to know happened: the live hook dispatches here, pages listen. */
export const messagingEvents = new EventTarget();

export function announce(event: MessagingEvent): void {
  messagingEvents.dispatchEvent(new CustomEvent<MessagingEvent>('event', { detail: event }));
}

export function onMessagingEvent(listener: (event: MessagingEvent) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<MessagingEvent>).detail);
  messagingEvents.addEventListener('event', handler);
  return () => messagingEvents.removeEventListener('event', handler);
}

export interface LiveCallbacks {
  deliver: (event: MessagingEvent) => void;
  onOpen?: () => void;
  onFailure?: () => void;
}

/**
 * Connects (or follows the tab that is connected); answers the function that stops. `link(fresh)`
 * answers the stream's URL with a link key (features/links), a new one when `fresh`.
 */
export function connectMessagesLive(link: (fresh: boolean) => Promise<string>, { deliver, onOpen, onFailure }: LiveCallbacks): () => void {
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) channel.onmessage = (message: MessageEvent<MessagingEvent>) => deliver(message.data);
  let close: (() => void) | null = null;
  let release: (() => void) | null = null;
  const abort = new AbortController();

  const lead = () => {
    close = openLinkedEventSource(link, (source) => {
      for (const type of MESSAGING_EVENTS) {
        source.addEventListener(type, (message: MessageEvent<string>) => {
          let event: MessagingEvent;
          try {
            event = { type, data: JSON.parse(message.data) } as MessagingEvent;
          } catch {
            return;
          }
          deliver(event);
          channel?.postMessage(event);
        });
      }
      source.onopen = () => onOpen?.();
      source.onerror = () => onFailure?.();
    });
  };

  if (typeof navigator !== 'undefined' && navigator.locks && channel) {
    navigator.locks
      .request(LOCK, { signal: abort.signal }, () => {
        lead();
        return new Promise<void>((resolve) => (release = resolve));
      })
      .catch(() => undefined);
  } else lead();

  return () => {
    abort.abort();
    close?.();
    release?.();
    channel?.close();
  };
}
