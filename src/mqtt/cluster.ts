/**
 * The broker's cluster backends (docs/scaling.md), straight from the Aedes ecosystem:
 * aedes-persistence-redis keeps subscriptions, retained messages, wills and QoS 1 messages in
 * flight in Redis, and mqemitter-redis carries every PUBLISH to the brokers of all nodes, so a
 * message published on node A reaches a bridge connected to node B. Both live under the
 * deployment's prefix, so several deployments (or test runs) can share one Redis.
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { Redis } from 'ioredis';
import { connectRedis } from '../platform/redis.js';
import { answeringConsumed, type Emitter } from './emitter.js';

const require = createRequire(import.meta.url);

interface MqEmitterRedisModule {
  MQEmitterRedisPrefix: new (prefix: string, options: { subConn: Redis; pubConn: Redis }) => Emitter;
}

interface RedisPersistence {
  createRetainedStreamCombi(patterns: string[]): AsyncIterable<unknown>;
  destroy(): Promise<void>;
}

export interface ClusterBackends {
  persistence: RedisPersistence;
  mq: Emitter;
}

/**
 * Messages the broker consumed itself (hooks.ts routes them to this topic) are for nobody:
 * publishing each on Redis would only add a round trip to every bridge message (emitter.ts).
 */
export function clusterBackends(url: string, prefix: string, consumedTopic: string): ClusterBackends {
  const { MQEmitterRedisPrefix } = require('mqemitter-redis') as MqEmitterRedisModule;
  const AsyncRedisPersistence = require('aedes-persistence-redis/asyncPersistence.js') as new (options: { conn: Redis }) => RedisPersistence;
  const mq = answeringConsumed(
    new MQEmitterRedisPrefix(`${prefix}:mqtt:`, { subConn: connectRedis(url, 'mqtt-in'), pubConn: connectRedis(url, 'mqtt-out') }),
    consumedTopic,
  );
  const persistence = new AsyncRedisPersistence({ conn: connectRedis(url, 'mqtt-persistence', { keyPrefix: `${prefix}:mqtt:` }) });
  // aedes-persistence-redis 11.2 answers retained messages as an async generator where Aedes 1.2
  // pipes a stream (lib/handlers/subscribe.js): a stream over the same generator.
  const retained = persistence.createRetainedStreamCombi.bind(persistence);
  persistence.createRetainedStreamCombi = (patterns) => Readable.from(retained(patterns));
  return { persistence, mq };
}
