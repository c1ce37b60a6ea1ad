/**
 * Rate limits in cluster mode (docs/decisions.md, "Scheduled work once per cluster" and
 * docs/security.md): the counters live in Redis, so a limit spent on one node is spent on all,
 * and a login lockout earned on node A holds on node B.
 */
import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/knex.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { RateLimits, redisStore } from '../../src/platform/rate-limit.js';
import { connectRedis } from '../../src/platform/redis.js';
import { createServer } from '../../src/server.js';
import { dropPrefix, redisAvailable, redisSkipReason, TEST_REDIS_URL, uniquePrefix } from '../helpers/cluster-redis.js';
import { createTestServer, testConfig, type TestServer } from '../helpers/server.js';

const available = await redisAvailable();
redisSkipReason(available);
const prefix = uniquePrefix('limits');

describe.skipIf(!available)('rate limits in cluster mode', () => {
  afterAll(() => dropPrefix(prefix));

  it('shares a limit between two nodes', async () => {
    const connections = [connectRedis(TEST_REDIS_URL, 'test-a'), connectRedis(TEST_REDIS_URL, 'test-b')];
    try {
      const [a, b] = connections.map((c) => new RateLimits(redisStore(c, prefix)).limiter('reports', { points: 3, windowSeconds: 60 }));
      await a!.consume('someone');
      await b!.consume('someone');
      await a!.consume('someone');
      await expect(b!.consume('someone')).rejects.toMatchObject({ output: { statusCode: 429 } });
      expect(await a!.retryAfter('someone')).toBeGreaterThan(0);
      // Another key is counted on its own.
      await b!.consume('someone else');
      // A reset on one node frees the key on the other.
      await b!.reset('someone');
      expect(await a!.consume('someone')).toBe(1);
    } finally {
      await Promise.all(connections.map((c) => c.quit()));
    }
  });

  describe('login failures', () => {
    let nodeA: TestServer;
    let nodeB: Server;
    let dbB: Database;
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };

    beforeAll(async () => {
      nodeA = await createTestServer({ env });
      // A second node: its own server and connections on the same database and Redis.
      dbB = createDatabase(nodeA.database.url);
      nodeB = await createServer(testConfig(nodeA.database.url, env), { db: dbB });
      await nodeB.initialize();
    });

    afterAll(async () => {
      await nodeB?.stop();
      await dbB?.destroy();
      await nodeA?.close();
    });

    const login = (node: Server, username: string) =>
      node.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'not-the-password' }, remoteAddress: '203.0.113.7' });

    it('locks an address out on node B after it used up its failures on node A', async () => {
      // One address spraying many accounts: each failure is counted against the address.
      const sprayed = await Promise.all(Array.from({ length: LOGIN_LIMITS.perAddress.points }, (_, i) => login(nodeA.server, `nobody${i}@example.com`)));
      expect(sprayed.map((r) => r.statusCode)).toEqual(sprayed.map(() => 401));
      const refused = await login(nodeB, 'someone-else@example.com');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(nodeA.server, 'yet-another@example.com')).statusCode).toBe(429);
    }, 90_000);
  });
});
