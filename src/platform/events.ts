/**
 * A typed in-process event bus. Modules announce what happened; other modules (and the live
 * stream to browsers) listen. Listeners never throw into the emitter.
 */
import { EventEmitter } from 'node:events';
import type { CommandStatus, LiveBatch } from '../../contracts/live.js';

export interface EventMap {
  'user.suspended': { userId: number };
  /** A staff member was paused, resumed, removed or had their permissions changed: their company access may have changed. */
  'company.staff': { userId: number; companyId: number };
  /** Someone of a company worked on a vessel under the company's grant for the first time: the owner is told. */
  'company.firstUse': { vesselId: number; ownerId: number; companyId: number; userId: number; at: string };
  'bridge.online': { bridgeId: number; serial: string; vesselId: number | null; online: boolean; lastSeen: string };
  'bridge.deleted': { bridgeId: number; serial: string };
  /** Everything one group commit stored for the vessel (contracts/live.ts). */
  'vessel.batch': { vesselId: number; batch: LiveBatch };
  'vessel.devices': { vesselId: number };
  /** The vessel's reporting switches changed (docs/decisions.md, "Vessel toggles"): the ingest keeps them in memory. */
  'vessel.reporting': { vesselId: number; gpsReporting: boolean; propertyUpdate: boolean };
  'vessel.alert': { vesselId: number; alert: Record<string, unknown> };
  'vessel.command': { vesselId: number; status: CommandStatus };
  /** One group commit of bridge deltas was written (the operator's figures, platform/metrics.ts). */
  'ingest.batch': { messages: number; values: number; seconds: number };
  /** A bridge message was answered with its PUBACK this long after it arrived. */
  'mqtt.acknowledged': { lagMs: number };
  /** An alarm notice was handed to a channel for this many recipients. */
  'notification.sent': { channel: string; recipients: number };
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
