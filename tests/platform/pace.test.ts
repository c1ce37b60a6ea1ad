/**
 * The pace of upkeep jobs (src/platform/passes.ts): between two batches the event loop gets a
 * turn, and once a job has worked a slice it rests as long as it worked, so the rollups or the
 * pruner take about half of the CPU however much they have to do. A controllable clock stands in
 * for the batches' work.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pace, PACE_SLICE_MS } from '../../src/platform/passes.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the pace of an upkeep job', () => {
  it('only lets the event loop turn between short batches, then rests as long as the job worked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
    const pace = new Pace();
    let rested = false;

    // A short batch: the next may start once the loop has turned.
    vi.advanceTimersByTime(PACE_SLICE_MS / 4);
    let next = pace.between().then(() => (rested = true));
    await vi.advanceTimersByTimeAsync(0);
    await next;
    expect(rested).toBe(true);

    // Batches that add up to more than a slice: a rest as long as the work since the slice began.
    vi.advanceTimersByTime(PACE_SLICE_MS);
    const worked = (PACE_SLICE_MS / 4) * 5;
    rested = false;
    next = pace.between().then(() => (rested = true));
    await vi.advanceTimersByTimeAsync(worked - 1);
    expect(rested).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(rested).toBe(true);

    // The rest starts a new slice.
    vi.advanceTimersByTime(PACE_SLICE_MS / 4);
    rested = false;
    next = pace.between().then(() => (rested = true));
    await vi.advanceTimersByTimeAsync(0);
    await next;
    expect(rested).toBe(true);
  });
});
