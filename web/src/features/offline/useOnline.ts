import { useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

/**
 * Whether the app runs on its last known data: it opened without reaching the server (the
 * session and its data came from the stored copy) and the server has not answered since.
 */
let onLastKnown = false;
const listeners = new Set<() => void>();

export const lastKnownMode = {
  get: () => onLastKnown,
  set(value: boolean) {
    if (value === onLastKnown) return;
    onLastKnown = value;
    listeners.forEach((listener) => listener());
  },
};

/** The browser's own view of its network: what the live streams follow (features/links/linkedEventSource.ts). */
export interface Network {
  isOnline: () => boolean;
  /** Calls `onChange` whenever the browser goes on- or offline; answers the function that stops. */
  subscribe: (onChange: () => void) => () => void;
}

export const browserNetwork: Network = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  subscribe(onChange) {
    if (typeof window === 'undefined') return () => {};
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  },
};

const subscribe = (onChange: () => void) => {
  const stop = browserNetwork.subscribe(onChange);
  listeners.add(onChange);
  return () => {
    stop();
    listeners.delete(onChange);
  };
};

/** Whether the app is connected: the browser has a network and the app is not running on its last known data. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine && !onLastKnown);
}

/** Whether the browser says it has a network. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(browserNetwork.subscribe, browserNetwork.isOnline);
}

/**
 * What the app can honestly say about its link to the vessels: `offline` (the browser has no
 * network), `unreachable` (the Connection Issue state, or opened on the last known copy and the
 * server has not answered since) or `connected`.
 */
export type NetworkState = 'connected' | 'offline' | 'unreachable';

export function networkState(input: { browserOnline: boolean; serverUnreachable: boolean; onLastKnown: boolean }): NetworkState {
  if (!input.browserOnline) return 'offline';
  if (input.serverUnreachable || input.onLastKnown) return 'unreachable';
  return 'connected';
}

/** networkState for a component; `connectivity` is the app's connectivity actor (app/services.ts). */
export function useNetworkState(connectivity: AnyActorRef): NetworkState {
  const browserOnline = useBrowserOnline();
  const onLastKnownNow = useSyncExternalStore(subscribe, () => onLastKnown);
  const serverUnreachable = useSelector(connectivity, (state: { hasTag: (tag: string) => boolean }) => state.hasTag('unreachable'));
  return networkState({ browserOnline, serverUnreachable, onLastKnown: onLastKnownNow });
}
