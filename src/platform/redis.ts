/**
 * Cluster mode's Redis connections (docs/scaling.md). Each user (the broker's persistence and
 * emitter, the live events, the rate limits, the job queue) opens its own connection by name, so a
 * subscriber connection never blocks commands. Nothing here runs without REDIS_URL.
 */
import { Redis } from 'ioredis';

/** A connection named after its user (shown by `CLIENT LIST`), failing fast instead of queueing forever. */
export function connectRedis(url: string, name: string, options: { forBlocking?: boolean; keyPrefix?: string } = {}): Redis {
  return new Redis(url, {
    connectionName: `vessel-link:${name}`,
    ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}),
    // BullMQ's blocking connections must retry forever; everything else fails a command after 3 tries.
    maxRetriesPerRequest: options.forBlocking ? null : 3,
    enableReadyCheck: true,
  });
}
