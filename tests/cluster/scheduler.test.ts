/**
 * Scheduled work in cluster mode (docs/decisions.md, "Scheduled work once per cluster"): two
 * schedulers on one Redis, as two nodes would have, register the same repeating task; each due
 * run happens on one of them, never on both.
 */
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { QueueScheduler, type Run } from '../../src/platform/scheduler.js';
import { connectRedis } from '../../src/platform/redis.js';
import { dropPrefix, redisAvailable, redisSkipReason, TEST_REDIS_URL, uniquePrefix } from '../helpers/cluster-redis.js';

const available = await redisAvailable();
redisSkipReason(available);
const prefix = uniquePrefix('scheduler');
const log = createLogger('silent');
const PERIOD_MS = 250;

/** The names of the schedules Redis holds under this file's prefix. */
async function scheduledNames(): Promise<string[]> {
  const connection = connectRedis(TEST_REDIS_URL, 'test');
  const queue = new Queue(QueueScheduler.QUEUE, { connection, prefix });
  try {
    return (await queue.getJobSchedulers()).map((s) => s.key);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

describe.skipIf(!available)('the scheduler in cluster mode', () => {
  afterAll(() => dropPrefix(prefix));

  it('runs a repeating task once per period across two nodes, not once per node', async () => {
    const runs: Array<{ node: string; dueMs: number }> = [];
    const nodes = ['A', 'B'].map((node) => {
      const scheduler = new QueueScheduler(TEST_REDIS_URL, prefix, log);
      scheduler.every('tick', PERIOD_MS, async ({ dueMs }: Run) => {
        runs.push({ node, dueMs });
      });
      return scheduler;
    });
    await Promise.all(nodes.map((n) => n.start()));
    try {
      await expect.poll(() => runs.length).toBeGreaterThanOrEqual(10);
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }

    const due = runs.map((r) => r.dueMs).sort((a, b) => a - b);
    expect(new Set(due).size).toBe(due.length);
    // One run per period: once the schedule is made (its first run comes at once), the runs are
    // about a period apart on average. BullMQ places single runs anywhere from a little to well
    // under a period apart when the machine is busy, so the test counts runs over the span rather
    // than timing each gap; a run per node would make two a period.
    const steady = due.slice(2);
    const periods = (steady.at(-1)! - steady[0]!) / PERIOD_MS;
    expect(steady.length - 1).toBeLessThanOrEqual(Math.ceil(periods * 1.5));

    // Both nodes registered the task; Redis holds one schedule of it.
    expect(await scheduledNames()).toEqual(['tick']);
  });

  it('does not start a second run of a task, on either node, while one is still going', async () => {
    let slowRuns = 0;
    let ticks = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const nodes = ['A', 'B'].map(() => {
      const scheduler = new QueueScheduler(TEST_REDIS_URL, `${prefix}-overlap`, log);
      scheduler.every('slow', 100, async () => {
        slowRuns++;
        await held;
      });
      // The test's clock: each tick is a period in which a second slow run could have started.
      scheduler.every('tick', 100, async () => {
        ticks++;
      });
      return scheduler;
    });
    await Promise.all(nodes.map((n) => n.start()));
    try {
      await expect.poll(() => ticks).toBeGreaterThanOrEqual(6);
      expect(slowRuns).toBe(1);
      release();
      await expect.poll(() => slowRuns).toBeGreaterThanOrEqual(2);
    } finally {
      release();
      await Promise.all(nodes.map((n) => n.stop()));
      await dropPrefix(`${prefix}-overlap`);
    }
  });

  it('drops the schedule of a task a newer version no longer has', async () => {
    const old = new QueueScheduler(TEST_REDIS_URL, prefix, log);
    old.every('retired', 60_000, async () => undefined);
    await old.start();
    await old.stop();
    const current = new QueueScheduler(TEST_REDIS_URL, prefix, log);
    current.every('kept', 60_000, async () => undefined);
    await current.start();
    await current.stop();

    expect(await scheduledNames()).toEqual(['kept']);
  });
});
