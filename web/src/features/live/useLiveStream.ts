import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { linkTo } from '../links/queries';
import { applyLiveEvent } from './liveCache';
import { openLiveStream } from './liveClient';
import { LIVE_EVENT_TYPES, isBacklog, parseLiveEvent } from './liveEvents';
import { useBrowserOnline } from '../offline/useOnline';

/** `offline`: the browser has no network, and the stream is closed until it has (linkedEventSource.ts). */
export type LiveStreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface LiveStream {
  status: LiveStreamStatus;
  /** When the last batch of values arrived (ms since the epoch), null before the first. */
  lastValueAt: number | null;
  /** The last batch was backlog the bridge kept while offline (liveEvents.ts isBacklog). */
  catchingUp: boolean;
}

/** How the stream's health feeds the connectivity machine: a failed connection counts like a failed request. */
export interface StreamHealth {
  onOpen: () => void;
  onFailure: () => void;
}

/**
 * Subscribes to GET /api/vessel/{id}/live while the vessel is open (liveClient.ts), in the session
 * `sessionKey` names (null: none); each event is merged into the cache (liveCache.ts). EventSource
 * cannot send headers, so the stream's link carries a link key (features/links); the browser reconnects by itself, with a new key once the old one is refused,
 * and each failed connection counts towards the Connection Issue dialog (spec 8). Without a
 * network the stream is closed and its status is `offline`; it connects again when the network is
 * back. `lastValueAt` stays the time of the last values received, offline too.
 */
export function useLiveStream(vesselId: number, sessionKey: string | null, health: StreamHealth): LiveStream {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStreamStatus>('connecting');
  const [lastValueAt, setLastValueAt] = useState<number | null>(null);
  const [catchingUp, setCatchingUp] = useState(false);
  const { onOpen, onFailure } = health;
  const browserOnline = useBrowserOnline();

  // Back online, the stream is opened again (linkedEventSource.ts): connecting until it is.
  useEffect(() => {
    if (browserOnline) setStatus('connecting');
  }, [browserOnline]);

  useEffect(() => {
    if (!sessionKey || typeof EventSource === 'undefined') return;
    setStatus('connecting');
    setLastValueAt(null);
    setCatchingUp(false);

    return openLiveStream({
      link: (fresh) => linkTo(queryClient, `vessel/${vesselId}/live`, { fresh }),
      events: LIVE_EVENT_TYPES,
      parse: parseLiveEvent,
      apply: (event) => {
        if (event.type === 'batch') {
          setLastValueAt(Date.now());
          setCatchingUp(isBacklog(event.data, Date.now()));
        }
        applyLiveEvent(queryClient, vesselId, event);
      },
      onOpen: () => {
        setStatus('live');
        onOpen();
      },
      onFailure: (closed) => {
        setStatus(closed ? 'connecting' : 'reconnecting');
        onFailure();
      },
    });
  }, [queryClient, vesselId, sessionKey, onOpen, onFailure]);

  return { status: browserOnline ? status : 'offline', lastValueAt, catchingUp: browserOnline && catchingUp };
}
