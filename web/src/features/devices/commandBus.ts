import type { LiveCommandEvent } from './types';

type Listener = (event: LiveCommandEvent) => void;

/** Carries the live stream's `command` events to the control that sent the command. */
export function createCommandBus() {
  const listeners = new Map<string, Set<Listener>>();
  const keyOf = (vesselId: string, propertyId: string) => `${vesselId}/${propertyId}`;
  return {
    publish(vesselId: string, event: LiveCommandEvent) {
      listeners.get(keyOf(vesselId, event.propertyId))?.forEach((listener) => listener(event));
    },
    subscribe(vesselId: string, propertyId: string, listener: Listener) {
      const key = keyOf(vesselId, propertyId);
      const set = listeners.get(key) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(key, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
  };
}

export type CommandBus = ReturnType<typeof createCommandBus>;

export const commandBus = createCommandBus();
