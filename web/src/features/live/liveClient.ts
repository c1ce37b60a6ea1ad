/**
 * The app's one live-stream client: every server-sent stream (the vessel's GET vessel/{id}/live,
 * the user's GET messages/live) is opened here on a link key (links/linkedEventSource.ts: a new
 * key once the old one is refused, closed while the browser is offline), and each event is read
 * and handed to the stream's own function, which writes it into the Query cache. A stream may be
 * shared by the browser's tabs: they elect a leader with the Web Locks API, the leader holds the
 * EventSource and hands every event to the others over a BroadcastChannel; when it closes, the
 * lock passes to another tab, which connects. Without Web Locks each tab connects.
 */
import { openLinkedEventSource } from '../links/linkedEventSource';
import { browserNetwork, type Network } from '../offline/useOnline';

export interface LiveStreamOptions<E> {
  /** The stream's URL with a link key, a new key when `fresh` (features/links linkTo). */
  link: (fresh: boolean) => Promise<string>;
  /** The event names listened for. */
  events: readonly string[];
  /** Reads an event; null drops it. */
  parse: (type: string, raw: string) => E | null;
  /** Writes what the event says into the Query cache. */
  apply: (event: E) => void;
  onOpen?: () => void;
  /** A connection failed; `closed`: the browser gave it up (it is opened again on a new link). */
  onFailure?: (closed: boolean) => void;
  /** One connection per browser, under this name (the lock's and the channel's). */
  shared?: { lock: string; channel: string };
  network?: Network;
}

/** Opens a stream (or follows the tab that holds it); answers the function that closes it for good. */
export function openLiveStream<E>({ link, events, parse, apply, onOpen, onFailure, shared, network = browserNetwork }: LiveStreamOptions<E>): () => void {
  let stopped = false;
  const deliver = (event: E) => {
    if (!stopped) apply(event);
  };
  const channel = shared && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(shared.channel) : null;
  if (channel) channel.onmessage = (message: MessageEvent<E>) => deliver(message.data);
  let close: (() => void) | null = null;
  let release: (() => void) | null = null;
  const abort = new AbortController();

  const connect = () => {
    close = openLinkedEventSource(
      link,
      (source) => {
        for (const type of events) {
          source.addEventListener(type, (message: MessageEvent<string>) => {
            const event = parse(type, message.data);
            if (!event || stopped) return;
            deliver(event);
            channel?.postMessage(event);
          });
        }
        source.onopen = () => onOpen?.();
        source.onerror = () => onFailure?.(source.readyState === EventSource.CLOSED);
      },
      network,
    );
  };

  if (shared && channel && typeof navigator !== 'undefined' && navigator.locks) {
    navigator.locks
      .request(shared.lock, { signal: abort.signal }, () => {
        if (stopped) return;
        connect();
        return new Promise<void>((resolve) => (release = resolve));
      })
      .catch(() => undefined);
  } else connect();

  return () => {
    stopped = true;
    abort.abort();
    close?.();
    release?.();
    channel?.close();
  };
}
