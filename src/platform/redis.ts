/**
 * Cluster mode's Redis connections (docs/scaling.md). Each user (the broker's persistence and
 * emitter, the live events, the rate limits, the job queue, the bridge presence) opens its own
 * connection by name, so a subscriber connection never blocks commands. Nothing here runs without
 * REDIS_URL.
 *
 * Redis is a dependency that blinks (docs/scaling.md, "While Redis is away"): ioredis reconnects
 * by itself; every connection has an `error` listener, so no outage ever ends the process; each
 * connection's state is a gauge (`redisConnectionsUp`, platform/metrics.ts), and a server's
 * `RedisWatch` logs one line when a connection is lost and one when it is back.
 */
import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/** Every open connection and whether it is ready, for the operator's figures (platform/metrics.ts). */
const states = new Map<Redis, { name: string; up: boolean }>();

/** Leaves the figures when closed on purpose: closed while waiting to reconnect, ioredis emits no 'end'. */
class TrackedRedis extends Redis {
  override disconnect(reconnect = false): void {
    if (!reconnect) states.delete(this);
    super.disconnect(reconnect);
  }
}

/** Logs each connection's loss and return, once each (a server's connections; `ctx.redis`). */
export class RedisWatch {
  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** 'lost' from a connection's first error or reconnect until it is ready again, then 'back' with how long it was away. */
  watch(name: string, connection: Redis): void {
    let lostAt: number | null = null;
    const lost = (cause: string) => {
      if (lostAt !== null) return;
      lostAt = this.now();
      this.log.warn('Redis connection lost; retrying', { connection: name, cause });
    };
    connection.on('ready', () => {
      if (lostAt !== null) this.log.info('Redis connection back', { connection: name, downSeconds: Math.round((this.now() - lostAt) / 100) / 10 });
      lostAt = null;
    });
    connection.on('error', (err: Error) => lost(err.message));
    // ioredis announces a reconnect only for a connection it did not close on purpose.
    connection.on('reconnecting', () => lost('connection closed'));
  }
}

/**
 * A connection named after its user (shown by `CLIENT LIST`), failing a command fast instead of
 * queueing forever, its state counted for the metrics and, given a `watch`, logged.
 */
export function connectRedis(url: string, name: string, options: { forBlocking?: boolean; keyPrefix?: string; watch?: RedisWatch | null } = {}): Redis {
  const connection = new TrackedRedis(url, {
    connectionName: `vessel-link:${name}`,
    ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}),
    // BullMQ's blocking connections must retry forever; everything else fails a command after 3 tries.
    maxRetriesPerRequest: options.forBlocking ? null : 3,
    enableReadyCheck: true,
  });
  tracked(connection, name);
  options.watch?.watch(name, connection);
  return connection;
}

/**
 * Follows the connection's state. The 'error' listener also means an error without a listener of
 * its user's never reaches the process; ioredis reconnects by itself. A connection closed for good
 * (quit, disconnected, or given up: 'end') is no longer counted.
 */
function tracked(connection: Redis, name: string): void {
  const state = { name, up: false };
  states.set(connection, state);
  connection.on('ready', () => (state.up = true));
  connection.on('close', () => (state.up = false));
  connection.on('error', () => (state.up = connection.status === 'ready'));
  connection.on('end', () => states.delete(connection));
}

/** By connection name: 1 when every connection of that name is ready, 0 otherwise. */
export function redisConnectionsUp(): Map<string, number> {
  const up = new Map<string, number>();
  for (const { name, up: ready } of states.values()) up.set(name, Math.min(up.get(name) ?? 1, ready ? 1 : 0));
  return up;
}
