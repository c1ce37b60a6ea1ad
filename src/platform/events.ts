/**
 * A typed in-process event bus. Modules announce what happened; other modules (and the live
 * stream to browsers) listen. Listeners never throw into the emitter.
 */
import { EventEmitter } from 'node:events';
import type { CommandStatus, LiveBatch } from '../../contracts/live.js';

export interface EventMap {
  'user.suspended': { userId: number };
  'bridge.online': { bridgeId: number; serial: string; vesselId: number | null; online: boolean; lastSeen: string };
  'bridge.deleted': { bridgeId: number; serial: string };
  /** Everything one group commit stored for the vessel (contracts/live.ts). */
  'vessel.batch': { vesselId: number; batch: LiveBatch };
  'vessel.devices': { vesselId: number };
  'vessel.alert': { vesselId: number; alert: Record<string, unknown> };
  'vessel.command': { vesselId: number; status: CommandStatus };
}

export type EventName = keyof EventMap;

export class EventBus {
  private readonly emitter = new EventEmitter();
  constructor(private readonly onListenerError: (name: string, err: unknown) => void = () => {}) {
    this.emitter.setMaxListeners(0);
  }
  emit<K extends EventName>(name: K, payload: EventMap[K]): void {
    for (const listener of this.emitter.listeners(name)) {
      try {
        (listener as (p: EventMap[K]) => void)(payload);
      } catch (err) {
        this.onListenerError(name, err);
      }
    }
  }
  on<K extends EventName>(name: K, listener: (payload: EventMap[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
