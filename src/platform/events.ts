/**
 * A typed in-process event bus. Modules announce what happened; other modules (and the live
 * stream to browsers) listen. Listeners never throw into the emitter.
 *
 * In cluster mode (docs/scaling.md) the events of CLUSTER_EVENTS are also relayed to the other
 * nodes (platform/cluster-events.ts). An event from another node reaches only the listeners that
 * asked for it with `{ cluster: true }`: those that keep a view (a live stream, a cache, a command
 * waiting for its read-back), never those that act on it (an alarm, a routine), which run once, on
 * the node where the event happened.
 */
import type { CommandStatus, LiveBatch } from '../../contracts/live.js';

export interface EventMap {
  'user.suspended': { userId: number };
  /**
   * A user's sessions or account changed (signed out, password changed, role or status changed,
   * deleted): the session checks cached for them are dropped (one session, or all when none is named).
   */
  'user.sessions': { userId: number; sessionId?: string };
  /** A staff member was paused, resumed, removed or had their permissions changed: their company access may have changed. */
  'company.staff': { userId: number; companyId: number };
  /**
   * What a vessel route resolves to changed: a grant (given, changed, paused, revoked, accepted) or
   * the vessel itself (deleted); a pairing is `bridge.paired`. Caches of access drop everything.
   */
  'access.changed': Record<string, never>;
  /** Someone of a company worked on a vessel under the company's grant for the first time: the owner is told. */
  'company.firstUse': { vesselId: number; ownerId: number; companyId: number; userId: number; at: string };
  'bridge.online': { bridgeId: number; serial: string; vesselId: number | null; online: boolean; lastSeen: string };
  'bridge.deleted': { bridgeId: number; serial: string };
  /** A bridge was paired with a vessel, or unpaired (null): its values go to that vessel from now on. */
  'bridge.paired': { bridgeId: number; vesselId: number | null };
  /** Everything one group commit stored for the vessel (contracts/live.ts). */
  'vessel.batch': { vesselId: number; batch: LiveBatch };
  'vessel.devices': { vesselId: number };
  /** The vessel's reporting switches changed (docs/decisions.md, "Vessel toggles"): the ingest keeps them in memory. */
  'vessel.reporting': { vesselId: number; gpsReporting: boolean; propertyUpdate: boolean };
  'vessel.alert': { vesselId: number; alert: Record<string, unknown> };
  'vessel.command': { vesselId: number; status: CommandStatus };
  /** A bridge answered a command (`put/response`) that the node it is connected to did not send: the sender takes it. */
  'command.answer': { bridgeId: number; requestId: string; state: 'PENDING' | 'COMPLETED' | 'FAILED'; statusCode: number; message: string | null };
  /** One group commit of bridge deltas was written (the operator's figures, platform/metrics.ts). */
  'ingest.batch': { messages: number; values: number; seconds: number };
  /** A write of bridge deltas failed: a group commit, or one message of a failed commit written again alone (ingest/group-commit.ts). */
  'ingest.failed': Record<string, never>;
  /** Bridge messages were answered with their PUBACKs this long after they arrived (one entry each, handed on together: mqtt/tally.ts). */
  'mqtt.acknowledged': { lagsMs: readonly number[] };
  /** A channel carried an alarm notice: how many messages it delivered (an e-mail, a push message) and how many failed. */
  'notification.delivered': { channel: string; delivered: number; failed: number };
}

export type EventName = keyof EventMap;

/** The events other nodes may want; a node's own figures (ingest, PUBACK lag, notices delivered) stay on it. */
export const CLUSTER_EVENTS: ReadonlySet<EventName> = new Set<EventName>([
  'user.suspended',
  'user.sessions',
  'company.staff',
  'access.changed',
  'bridge.online',
  'bridge.deleted',
  'bridge.paired',
  'vessel.batch',
  'vessel.devices',
  'vessel.reporting',
  'vessel.alert',
  'vessel.command',
  'command.answer',
]);

type Relay = <K extends EventName>(name: K, payload: EventMap[K]) => void;

type Listener = (payload: never) => void;

export class EventBus {
  /**
   * Each event's listeners in the order they registered. A registration replaces the array rather
   * than changing it, so an emit walks the array it started with and copies nothing.
   */
  private readonly listeners = new Map<EventName, readonly Listener[]>();
  /** Listeners that also take the events of other nodes. */
  private readonly clusterWide = new WeakSet<Listener>();
  private relay: Relay | null = null;

  constructor(private readonly onListenerError: (name: string, err: unknown) => void = () => {}) {}

  emit<K extends EventName>(name: K, payload: EventMap[K]): void {
    this.deliver(name, payload, false);
    if (this.relay && CLUSTER_EVENTS.has(name)) this.relay(name, payload);
  }

  /** `cluster: true` also hears the events of other nodes (cluster mode); by default only this node's. */
  on<K extends EventName>(name: K, listener: (payload: EventMap[K]) => void, options: { cluster?: boolean } = {}): () => void {
    // Wrapped, so that one function may listen both ways without the two registrations mixing.
    const registered: Listener = (payload) => listener(payload);
    if (options.cluster) this.clusterWide.add(registered);
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), registered]);
    return () => this.off(name, registered);
  }

  private off(name: EventName, registered: Listener): void {
    this.listeners.set(
      name,
      (this.listeners.get(name) ?? []).filter((l) => l !== registered),
    );
  }

  /** Cluster mode: every event of CLUSTER_EVENTS emitted here is handed to `relay` for the other nodes. */
  relayTo(relay: Relay | null): void {
    this.relay = relay;
  }

  /** An event another node emitted: for the cluster-wide listeners only, and never relayed again. */
  receive<K extends EventName>(name: K, payload: EventMap[K]): void {
    this.deliver(name, payload, true);
  }

  /** To every listener in the order they registered (only the cluster-wide ones for another node's event). */
  private deliver<K extends EventName>(name: K, payload: EventMap[K], fromElsewhere: boolean): void {
    const listeners = this.listeners.get(name);
    if (!listeners) return;
    for (const listener of listeners) {
      if (fromElsewhere && !this.clusterWide.has(listener)) continue;
      try {
        (listener as (p: EventMap[K]) => void)(payload);
      } catch (err) {
        this.onListenerError(name, err);
      }
    }
  }
}
