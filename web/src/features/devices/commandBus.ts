import type { CommandStatus } from './types';

type Listener = (status: CommandStatus) => void;

/**
 * Carries the live stream's `command` events to the control that sent the command. Listeners
 * subscribe to their own requestId, so another tab's command on the same property never
 * reaches them.
 */
export function createCommandBus() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    publish(status: CommandStatus) {
      listeners.get(status.requestId)?.forEach((listener) => listener(status));
    },
    subscribe(requestId: string, listener: Listener) {
      const set = listeners.get(requestId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(requestId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(requestId);
      };
    },
  };
}

export type CommandBus = ReturnType<typeof createCommandBus>;

export const commandBus = createCommandBus();
