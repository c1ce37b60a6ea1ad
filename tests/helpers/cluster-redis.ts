/**
 * The Redis of the cluster tests (TEST_REDIS_URL, the local one unless set) and a key prefix of
 * their own per test file, so parallel runs and other helpers sharing the server never meet.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers; when it does not, the cluster tests say so and are skipped. */
export async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export function redisSkipReason(available: boolean): void {
  if (!available)
    console.warn(`Redis is not reachable at ${TEST_REDIS_URL}: the cluster-mode tests of this file are skipped (start Redis or set TEST_REDIS_URL).`);
}

export const uniquePrefix = (what: string): string => `vl-test-${what}-${process.pid}-${randomBytes(4).toString('hex')}`;

/** Deletes every key under `prefix` (what a test left in Redis). */
export async function dropPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
