/**
 * The broker's cluster backends (docs/scaling.md), straight from the Aedes ecosystem:
 * aedes-persistence-redis keeps subscriptions, retained messages, wills and QoS 1 messages in
 * flight in Redis, and mqemitter-redis carries every PUBLISH to the brokers of all nodes, so a
 * message published on node A reaches a bridge connected to node B. Both live under the
 * deployment's prefix, so several deployments (or test runs) can share one Redis.
 */
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type { Redis } from 'ioredis';
import { connectRedis, type RedisWatch } from '../platform/redis.js';
import { answeringConsumed, type Emitter } from './emitter.js';

const require = createRequire(import.meta.url);

interface MqEmitterRedisModule {
  MQEmitterRedisPrefix: new (prefix: string, options: { subConn: Redis; pubConn: Redis }) => Emitter & { state: EventEmitter };
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
export function clusterBackends(url: string, prefix: string, consumedTopic: string, watch: RedisWatch | null = null): ClusterBackends {
  const { MQEmitterRedisPrefix } = require('mqemitter-redis') as MqEmitterRedisModule;
  const AsyncRedisPersistence = require('aedes-persistence-redis/asyncPersistence.js') as new (options: { conn: Redis }) => RedisPersistence;
  const emitter = new MQEmitterRedisPrefix(`${prefix}:mqtt:`, {
    subConn: connectRedis(url, 'mqtt-in', { watch }),
    pubConn: connectRedis(url, 'mqtt-out', { watch }),
  });
  // mqemitter-redis repeats its connections' errors on `state`, where nobody listening would end
  // the process; the watch has logged them already, and ioredis reconnects.
  emitter.state.on('error', () => {});
  const mq = answeringConsumed(emitter, consumedTopic);
  const persistence = new AsyncRedisPersistence({ conn: connectRedis(url, 'mqtt-persistence', { keyPrefix: `${prefix}:mqtt:`, watch }) });
  // aedes-persistence-redis 11.2 answers retained messages as an async generator where Aedes 1.2
  // pipes a stream (lib/handlers/subscribe.js): a stream over the same generator.
  const retained = persistence.createRetainedStreamCombi.bind(persistence);
  persistence.createRetainedStreamCombi = (patterns) => Readable.from(retained(patterns));
  return { persistence, mq };
}
