/**
 * Cluster mode's Redis connections (docs/scaling.md). Each user (the broker's persistence and
 * emitter, the live events, the rate limits, the job queue, the bridge presence) opens its own
 * connection by name, so a subscriber connection never blocks commands. Nothing here runs without
 * REDIS_URL.
 *
 * Redis is a dependency that blinks (docs/scaling.md, "While Redis is away"): ioredis reconnects
 * by itself, and every connection is watched (`RedisWatch`), so an outage is one log line when a
 * connection is lost and one when it is back, a gauge per connection, and never an unhandled
 * `error` event that would end the process.
 */
import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/** The state of each connection by name, logged on every change and read by the metrics. */
export class RedisWatch {
  private readonly connections = new Map<string, { up: boolean; lostAt: number | null; cause: string | null }>();

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Follows a connection's state; it is 'up' once ready, 'lost' from its first error or reconnect until ready again. */
  watch(name: string, connection: Redis): void {
    const state = { up: connection.status === 'ready', lostAt: null as number | null, cause: null as string | null };
    this.connections.set(name, state);
    const lost = (cause: string) => {
      state.cause ??= cause;
      if (state.lostAt !== null) return;
      state.up = false;
      state.lostAt = this.now();
      this.log.warn('Redis connection lost; retrying', { connection: name, cause });
    };
    connection.on('ready', () => {
      if (state.lostAt !== null) this.log.info('Redis connection back', { connection: name, downSeconds: Math.round((this.now() - state.lostAt) / 100) / 10 });
      state.up = true;
      state.lostAt = null;
      state.cause = null;
    });
    connection.on('error', (err: Error) => lost(err.message));
    // ioredis announces a reconnect only for a connection it did not close on purpose.
    connection.on('reconnecting', () => lost('connection closed'));
  }

  /** Every connection with whether it is up now. */
  states(): Array<{ name: string; up: boolean }> {
    return [...this.connections].map(([name, state]) => ({ name, up: state.up }));
  }
}

/**
 * A connection named after its user (shown by `CLIENT LIST`), failing a command fast instead of
 * queueing forever, watched by `watch` when given; without one its errors are still handled
 * (ioredis retries either way).
 */
export function connectRedis(url: string, name: string, options: { forBlocking?: boolean; keyPrefix?: string; watch?: RedisWatch | null } = {}): Redis {
  const connection = new Redis(url, {
    connectionName: `vessel-link:${name}`,
    ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}),
    // BullMQ's blocking connections must retry forever; everything else fails a command after 3 tries.
    maxRetriesPerRequest: options.forBlocking ? null : 3,
    enableReadyCheck: true,
  });
  if (options.watch) options.watch.watch(name, connection);
  else connection.on('error', () => {});
  return connection;
}
