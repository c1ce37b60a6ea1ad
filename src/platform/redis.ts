/**
 * Cluster mode's Redis connections (docs/scaling.md). Each user (the broker's persistence and
 * emitter, the live events, the rate limits, the job queue) opens its own connection by name, so a
 * subscriber connection never blocks commands. Nothing here runs without REDIS_URL.
 */
import { Redis } from 'ioredis';

/** Every open connection and whether it is ready, for the operator's figures (platform/metrics.ts). */
const states = new Map<Redis, { name: string; up: boolean }>();

/** Leaves the figures when closed on purpose: closed while waiting to reconnect, ioredis emits no 'end'. */
class TrackedRedis extends Redis {
  override disconnect(reconnect = false): void {
    if (!reconnect) states.delete(this);
    super.disconnect(reconnect);
  }
}

/** A connection named after its user (shown by `CLIENT LIST`), failing fast instead of queueing forever. */
export function connectRedis(url: string, name: string, options: { forBlocking?: boolean; keyPrefix?: string } = {}): Redis {
  const connection = new TrackedRedis(url, {
    connectionName: `vessel-link:${name}`,
    ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}),
    // BullMQ's blocking connections must retry forever; everything else fails a command after 3 tries.
    maxRetriesPerRequest: options.forBlocking ? null : 3,
    enableReadyCheck: true,
  });
  tracked(connection, name);
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
