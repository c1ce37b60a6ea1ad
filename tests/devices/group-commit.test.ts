/**
 * The group commit under the telemetry ingest: many submissions share one transaction, and a
 * failing one fails alone.
 */
import { describe, expect, it, vi } from 'vitest';
import { GroupCommit, WHOLE_WINDOWS_MS } from '../../src/modules/ingest/group-commit.js';

describe('group commit', () => {
  it('writes what arrives together in one batch, in order', async () => {
    const batches: number[][] = [];
    const queue = new GroupCommit<number>(async (items) => void batches.push(items));
    await Promise.all([1, 2, 3, 4].map((n) => queue.submit(n)));
    expect(batches).toEqual([[1, 2, 3, 4]]);
    await queue.submit(5);
    expect(batches).toEqual([[1, 2, 3, 4], [5]]);
  });

  it("writes a sender's long queue half at a time, so that the first half is acknowledged while the rest is written", async () => {
    const batches: number[][] = [];
    const queue = new GroupCommit<number>(async (items) => void batches.push(items));
    const items = Array.from({ length: 100 }, (_, i) => i);
    await Promise.all(items.map((n) => queue.submit(n)));
    expect(batches[0]).toEqual(items.slice(0, 50));
    expect(batches.flat()).toEqual(items);
    // The second batch halves what was left; by the third, nothing new having come from the sender
    // twice in a row, it is found to wait for its whole window, and what is left goes at once.
    expect(batches.map((b) => b.length)).toEqual([50, 25, 25]);
  });

  it('keeps halving the queue of a sender that sends more while its first half is written', async () => {
    const batches: number[][] = [];
    let n = 0;
    let queue: GroupCommit<number> | null = null;
    const sent: Array<Promise<void>> = [];
    // A sliding window of 60: each acknowledged message is followed by the next, until 600 are sent.
    const send = (): void => {
      if (n >= 600) return;
      const p = queue!.submit(n++).then(send);
      sent.push(p);
    };
    queue = new GroupCommit<number>(async (items) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 1));
    });
    for (let i = 0; i < 60; i++) send();
    while (n < 600 || queue.pending) await Promise.all(sent.slice());
    expect(batches.flat()).toEqual(Array.from({ length: 600 }, (_, i) => i));
    // Never more than half of a queue over SPLIT_ABOVE in one batch: the sender refills as it is answered.
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(30);
  });

  it("writes a sender's whole window at once once it is found to wait for all of it, and watches it again later", async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const batches: number[][] = [];
      const queue = new GroupCommit<number>(async (items) => void batches.push(items));
      let n = 0;
      const window = () => Promise.all(Array.from({ length: 200 }, () => queue.submit(n++)));
      // The first window is halved until the queue shows that nothing comes before all is answered.
      await window();
      expect(batches.map((b) => b.length)).toEqual([100, 50, 50]);
      // Then each window is one batch, for WHOLE_WINDOWS_MS.
      batches.length = 0;
      await window();
      await window();
      expect(batches.map((b) => b.length)).toEqual([200, 200]);
      // After that the sender is watched again, and found out again.
      vi.advanceTimersByTime(WHOLE_WINDOWS_MS + 1);
      batches.length = 0;
      await window();
      await window();
      expect(batches.map((b) => b.length)).toEqual([100, 50, 50, 200]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes many senders with a few messages each in one batch, and stops a batch where a busy sender has half of its own', async () => {
    const batches: Array<Array<{ sender: number; n: number }>> = [];
    const queue = new GroupCommit<{ sender: number; n: number }>(
      async (items) => void batches.push(items),
      (item) => item.sender,
    );
    const few = Array.from({ length: 100 }, (_, i) => ({ sender: i % 50, n: i }));
    await Promise.all(few.map((item) => queue.submit(item)));
    expect(batches).toEqual([few]);

    batches.length = 0;
    // Sender 0 has 40 queued among 10 others' single messages: the batch ends before its 21st.
    const busy = Array.from({ length: 50 }, (_, i) => ({ sender: i < 40 ? 0 : i, n: i }));
    const mixed = [...busy.slice(0, 20), ...busy.slice(40), ...busy.slice(20, 40)];
    await Promise.all(mixed.map((item) => queue.submit(item)));
    expect(batches[0]).toEqual(mixed.slice(0, 30));
    expect(batches.flat()).toEqual(mixed);
  });

  it('retries a failed batch item by item, so only the bad item fails', async () => {
    const written: number[] = [];
    const queue = new GroupCommit<number>(async (items) => {
      if (items.includes(13)) throw new Error('unwritable');
      written.push(...items);
    });
    const results = await Promise.allSettled([1, 13, 2].map((n) => queue.submit(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(written).toEqual([1, 2]);
  });

  it('tells when everything submitted so far is written, even while more keeps coming', async () => {
    const written: number[] = [];
    const queue = new GroupCommit<number>(async (items) => {
      await new Promise((r) => setTimeout(r, 5));
      written.push(...items);
    });
    let n = 0;
    const traffic = setInterval(() => void queue.submit(n++), 1);
    await new Promise((r) => setTimeout(r, 20));
    const before = n;
    await queue.drained();
    expect(written.length).toBeGreaterThanOrEqual(before);
    clearInterval(traffic);
  });
});
