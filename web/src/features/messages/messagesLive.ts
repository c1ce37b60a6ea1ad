/**
 * The user's message stream (GET /api/messages/live): its events, and how it is opened, one
 * connection per browser (live/liveClient.ts: the tabs elect a leader with the Web Locks API, the
 * leader holds the EventSource and hands every event to the other tabs over a BroadcastChannel).
 */
import { MESSAGING_EVENTS, type MessagingEventMap, type MessagingEventName } from '../../../../contracts/messaging';
import { openLiveStream } from '../live/liveClient';

export type MessagingEvent = { [K in MessagingEventName]: { type: K; data: MessagingEventMap[K] } }[MessagingEventName];

const SHARED = { lock: 'vessel-link-messages-live', channel: 'vessel-link-messages' };

export function parseMessagingEvent(type: string, raw: string): MessagingEvent | null {
  if (!(MESSAGING_EVENTS as readonly string[]).includes(type)) return null;
  try {
    return { type, data: JSON.parse(raw) } as MessagingEvent;
  } catch {
    return null;
  }
}

/**
 * Connects (or follows the tab that is connected) and hands every event to `apply`; answers the
 * function that stops. `link(fresh)` answers the stream's URL with a link key (features/links), a
 * new one when `fresh`.
 */
export function connectMessagesLive(link: (fresh: boolean) => Promise<string>, apply: (event: MessagingEvent) => void): () => void {
  return openLiveStream({ link, events: MESSAGING_EVENTS, parse: parseMessagingEvent, apply, shared: SHARED });
}
