import { useSyncExternalStore } from 'react';

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

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  listeners.add(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    listeners.delete(onChange);
  };
};

/** Whether the app is connected: the browser has a network and the app is not running on its last known data. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine && !onLastKnown);
}
