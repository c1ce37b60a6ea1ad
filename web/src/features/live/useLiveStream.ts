import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../lib/api';
import { commandBus } from '../devices/commandBus';
import { applyLiveEvent } from './liveCache';
import { LIVE_EVENT_TYPES, isBacklog, parseLiveEvent } from './liveEvents';

export type LiveStreamStatus = 'connecting' | 'live' | 'reconnecting';

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
 * Subscribes to GET /api/vessel/{id}/live while the vessel is open. EventSource cannot send
 * headers, so the session key travels as `?sessionKey=`; the browser reconnects by itself, and
 * each failed connection counts towards the Connection Issue dialog (spec 8).
 */
export function useLiveStream(vesselId: number, sessionKey: string | null, health: StreamHealth): LiveStream {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStreamStatus>('connecting');
  const [lastValueAt, setLastValueAt] = useState<number | null>(null);
  const [catchingUp, setCatchingUp] = useState(false);
  const { onOpen, onFailure } = health;

  useEffect(() => {
    if (!sessionKey || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl(`vessel/${vesselId}/live`, { sessionKey }));
    setStatus('connecting');
    setLastValueAt(null);
    setCatchingUp(false);

    const listeners = LIVE_EVENT_TYPES.map((type) => {
      const listener = (message: MessageEvent<string>) => {
        const event = parseLiveEvent(type, message.data);
        if (!event) return;
        if (event.type === 'batch') {
          setLastValueAt(Date.now());
          setCatchingUp(isBacklog(event.data, Date.now()));
        }
        applyLiveEvent(queryClient, vesselId, event, { commandBus });
      };
      source.addEventListener(type, listener);
      return [type, listener] as const;
    });
    source.onopen = () => {
      setStatus('live');
      onOpen();
    };
    source.onerror = () => {
      setStatus(source.readyState === EventSource.CLOSED ? 'connecting' : 'reconnecting');
      onFailure();
    };

    return () => {
      listeners.forEach(([type, listener]) => source.removeEventListener(type, listener));
      source.close();
    };
  }, [queryClient, vesselId, sessionKey, onOpen, onFailure]);

  return { status, lastValueAt, catchingUp };
}
