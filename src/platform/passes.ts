/**
 * One pass at a time for a periodic job that works in batches (retention, the rollups, the
 * compaction of history): a pass asked for while one runs is joined, not doubled, and `stop` lets
 * the pass under way end after its current batch — the job reads `stopping` between batches.
 */
export class Passes<R> {
  private running: Promise<R> | null = null;
  stopping = false;

  run(pass: () => Promise<R>): Promise<R> {
    this.running ??= pass().finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.running?.catch(() => {});
  }
}

/** Lets the event loop run between two batches. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A job works this long at most before it rests. */
export const PACE_SLICE_MS = 20;

/**
 * Paces a job that works in batches (the rollups, compaction, retention) to about half of one
 * CPU: the event loop gets a turn between two batches, and after PACE_SLICE_MS of work the job
 * rests as long as it worked. Upkeep can wait; a fleet reconnecting
 * after a restart cannot: a rollup pass folding 10,000 bridges' snapshots back to back took the
 * whole CPU for minutes, and bridges whose CONNACK came after their connect timeout backed off
 * for up to a minute each (docs/performance.md, "10,000 bridges").
 */
export class Pace {
  private sliceStart = performance.now();

  async between(): Promise<void> {
    const worked = performance.now() - this.sliceStart;
    if (worked < PACE_SLICE_MS) return nextTurn();
    await new Promise<void>((resolve) => setTimeout(resolve, worked));
    this.sliceStart = performance.now();
  }
}
