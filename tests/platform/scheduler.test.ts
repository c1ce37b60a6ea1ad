/**
 * The scheduler in one process (no REDIS_URL): a timer per task, as the modules had before. A
 * task asked to run at start runs at once, one asked to wait runs that long after the start, then every period; a run still going is never doubled;
 * stopping waits for it.
 */
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { LocalScheduler } from '../../src/platform/scheduler.js';

describe('the scheduler in one process', () => {
  it('runs at start when asked, then every period, never two runs of a task at once', async () => {
    const scheduler = new LocalScheduler(createLogger('silent'));
    let slowRuns = 0;
    let slowEnded = false;
    let ticks = 0;
    let atStart = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    scheduler.every('once-at-start', 60_000, async () => void atStart++, { atStart: true });
    scheduler.every('slow', 20, async () => {
      slowRuns++;
      await held;
      slowEnded = true;
    });
    scheduler.every('tick', 20, async () => void ticks++);
    expect(() => scheduler.every('tick', 20, async () => undefined)).toThrow(/already/);
    await scheduler.start();
    expect(atStart).toBe(1);

    await expect.poll(() => ticks).toBeGreaterThanOrEqual(5);
    expect(slowRuns).toBe(1);
    const stopped = scheduler.stop();
    release();
    await stopped;
    expect(slowEnded).toBe(true);
  });

  it('runs a task asked to wait its first run that long after the start, then every period', async () => {
    vi.useFakeTimers();
    try {
      const scheduler = new LocalScheduler(createLogger('silent'));
      let runs = 0;
      scheduler.every('upkeep', 3_600_000, async () => void runs++, { firstAfterMs: 300_000 });
      await scheduler.start();
      await vi.advanceTimersByTimeAsync(299_999);
      expect(runs).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(3_600_000 - 300_000);
      expect(runs).toBe(2);
      await scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps running after a task fails', async () => {
    const scheduler = new LocalScheduler(createLogger('silent'));
    let runs = 0;
    scheduler.every('failing', 20, async () => {
      runs++;
      throw new Error('broken');
    });
    await scheduler.start();
    await expect.poll(() => runs).toBeGreaterThanOrEqual(2);
    await scheduler.stop();
  });
});
