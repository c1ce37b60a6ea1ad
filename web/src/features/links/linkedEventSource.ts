import { isApiError } from '../../lib/api';

/** How long to wait before asking for a stream's link again after the server could not be reached. */
const RETRY_MS = 5000;

/**
 * An EventSource on a link that needs a link key (`link(fresh)` answers its URL). The browser
 * reconnects by itself with the URL it was given; once the server refuses that URL (its key expired
 * while the connection was down), the stream is opened again with a new key: once, until a
 * connection opens, so a stream the server keeps refusing (418, 429) stays closed. `attach` sets up
 * each EventSource made. Answers the function that closes it for good.
 */
export function openLinkedEventSource(link: (fresh: boolean) => Promise<string>, attach: (source: EventSource) => void): () => void {
  let source: EventSource | null = null;
  let stopped = false;
  let renewed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const open = async (fresh: boolean): Promise<void> => {
    let url: string;
    try {
      url = await link(fresh);
    } catch (error) {
      // Refused (4xx): no stream, as the request itself reported. Not reached: try again later.
      if (!stopped && !(isApiError(error) && error.status !== null && error.status < 500)) retry = setTimeout(() => void open(fresh), RETRY_MS);
      return;
    }
    if (stopped) return;
    const opened = new EventSource(url);
    source = opened;
    attach(opened);
    opened.addEventListener('open', () => (renewed = false));
    opened.addEventListener('error', () => {
      if (stopped || renewed || opened.readyState !== EventSource.CLOSED) return;
      renewed = true;
      void open(true);
    });
  };

  void open(false);
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
