import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../lib/api';
import { commandBus } from '../devices/commandBus';
import { applyLiveEvent } from './liveCache';
import { LIVE_EVENT_TYPES, parseLiveEvent } from './liveEvents';

export type LiveStreamStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * Subscribes to GET /api/vessel/{id}/live while the vessel is open. EventSource cannot send
 * headers, so the session key travels as `?sessionKey=`; the browser reconnects by itself.
 */
export function useLiveStream(vesselId: number, sessionKey: string | null): LiveStreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStreamStatus>('connecting');

  useEffect(() => {
    if (!sessionKey || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl(`vessel/${vesselId}/live`, { sessionKey }));
    let helloCount = 0;
    setStatus('connecting');

    const listeners = LIVE_EVENT_TYPES.map((type) => {
      const listener = (message: MessageEvent<string>) => {
        const event = parseLiveEvent(type, message.data);
        if (!event) return;
        if (event.type === 'hello') helloCount += 1;
        applyLiveEvent(queryClient, vesselId, event, { commandBus, resync: event.type === 'hello' && helloCount > 1 });
      };
      source.addEventListener(type, listener);
      return [type, listener] as const;
    });
    source.onopen = () => setStatus('live');
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'connecting' : 'reconnecting');

    return () => {
      listeners.forEach(([type, listener]) => source.removeEventListener(type, listener));
      source.close();
    };
  }, [queryClient, vesselId, sessionKey]);

  return status;
}
