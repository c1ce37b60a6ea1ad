/**
 * A typed in-process event bus. Modules announce what happened; other modules (and the live
 * stream to browsers) listen. Listeners never throw into the emitter.
 */
import { EventEmitter } from 'node:events';

export interface LiveValue {
  vesselId: number;
  deviceId: number;
  propertyId: number;
  path: string;
  value: unknown;
  timestamp: string;
}

export interface EventMap {
  'user.suspended': { userId: number };
  'bridge.online': { bridgeId: number; serial: string; vesselId: number | null; online: boolean; lastSeen: string };
  'bridge.deleted': { bridgeId: number; serial: string };
  'vessel.values': { vesselId: number; values: LiveValue[] };
  'vessel.devices': { vesselId: number };
  'vessel.alert': { vesselId: number; alert: Record<string, unknown> };
  'vessel.command': { vesselId: number; requestId: string; propertyId: number; state: string; statusCode: number; message?: string };
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
