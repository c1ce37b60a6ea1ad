import { isApiError } from '../../lib/api';
import { browserNetwork, type Network } from '../offline/useOnline';

/** How long to wait before asking for a stream's link again after the server could not be reached. */
const RETRY_MS = 5000;

/**
 * An EventSource on a link that needs a link key (`link(fresh)` answers its URL). The browser
 * reconnects by itself with the URL it was given; once the server refuses that URL (its key expired
 * while the connection was down), the stream is opened again with a new key: once, until a
 * connection opens, so a stream the server keeps refusing (418, 429) stays closed. `attach` sets up
 * each EventSource made. While the browser has no network the stream is closed (a connection the
 * browser keeps open through a network change would go on delivering into a page that says it is
 * offline, and retries could reach nothing); it is opened again, as new, when the network is back.
 * Answers the function that closes it for good.
 */
export function openLinkedEventSource(
  link: (fresh: boolean) => Promise<string>,
  attach: (source: EventSource) => void,
  network: Network = browserNetwork,
): () => void {
  let source: EventSource | null = null;
  let stopped = false;
  let renewed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Each opening has its own number: a link answered after the network went away opens nothing. */
  let generation = 0;

  const open = async (fresh: boolean): Promise<void> => {
    const mine = generation;
    let url: string;
    try {
      url = await link(fresh);
    } catch (error) {
      // Refused (4xx): no stream, as the request itself reported. Not reached: try again later.
      if (!stopped && mine === generation && !(isApiError(error) && error.status !== null && error.status < 500)) {
        retry = setTimeout(() => void open(fresh), RETRY_MS);
      }
      return;
    }
    if (stopped || mine !== generation) return;
    const opened = new EventSource(url);
    source = opened;
    attach(opened);
    opened.addEventListener('open', () => (renewed = false));
    opened.addEventListener('error', () => {
      if (stopped || renewed || mine !== generation || opened.readyState !== EventSource.CLOSED) return;
      renewed = true;
      void open(true);
    });
  };

  const close = () => {
    generation += 1;
    clearTimeout(retry);
    source?.close();
    source = null;
  };

  let wasOnline = network.isOnline();
  const stopWatching = network.subscribe(() => {
    const online = network.isOnline();
    if (stopped || online === wasOnline) return;
    wasOnline = online;
    close();
    if (online) {
      renewed = false;
      void open(false);
    }
  });

  if (wasOnline) void open(false);
  return () => {
    stopped = true;
    stopWatching();
    close();
  };
}
