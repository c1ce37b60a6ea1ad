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
