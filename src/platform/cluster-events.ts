/**
 * Cluster mode's event relay (docs/scaling.md): the events of CLUSTER_EVENTS that one node emits
 * are published on a Redis pub/sub channel, and every other node hands them to its cluster-wide
 * listeners (platform/events.ts), so a live stream on node A sees the batches of a bridge on
 * node B. A node skips its own messages: it already delivered them when it emitted them.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { CLUSTER_EVENTS, type EventBus, type EventName } from './events.js';
import type { Logger } from './logger.js';
import { connectRedis, type RedisWatch } from './redis.js';

interface Envelope {
  node: string;
  name: EventName;
  payload: unknown;
}

export class ClusterEvents {
  /** This process among the cluster's nodes. */
  readonly node = randomUUID();
  private readonly channel: string;
  private connections: { publisher: Redis; subscriber: Redis } | null = null;

  constructor(
    private readonly url: string,
    prefix: string,
    private readonly events: EventBus,
    private readonly log: Logger,
    private readonly watch: RedisWatch | null = null,
  ) {
    this.channel = `${prefix}:events`;
  }

  /** Starts relaying both ways; resolves once this node listens. */
  async start(): Promise<void> {
    const publisher = connectRedis(this.url, 'events-out', { watch: this.watch });
    const subscriber = connectRedis(this.url, 'events-in', { watch: this.watch });
    this.connections = { publisher, subscriber };
    subscriber.on('message', (_channel: string, message: string) => this.receive(message));
    await subscriber.subscribe(this.channel);
    this.events.relayTo((name, payload) => {
      const envelope: Envelope = { node: this.node, name, payload };
      publisher.publish(this.channel, JSON.stringify(envelope)).catch((err) => this.log.warn('event not relayed to the cluster', { event: name, error: err }));
    });
  }

  async stop(): Promise<void> {
    this.events.relayTo(null);
    const connections = this.connections;
    this.connections = null;
    if (connections) await Promise.allSettled([connections.subscriber.quit(), connections.publisher.quit()]);
  }

  private receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      this.log.warn('unreadable event from the cluster dropped');
      return;
    }
    if (envelope.node === this.node || !CLUSTER_EVENTS.has(envelope.name)) return;
    this.events.receive(envelope.name, envelope.payload as never);
  }
}
