/**
 * Retention (docs/operations.md, "Retention"): each kind of record older than its configured
 * number of days is deleted in small batches, one short transaction each, with the event loop
 * free between two batches, so the group commit of ingest never waits long behind the pruner,
 * and paced to about half a CPU (passes.ts `Pace`).
 * The owners of the tables provide the deleting (their api); this file only runs them, five
 * minutes after the start and then every hour.
 */
import type { Logger } from './logger.js';
import { Pace, Passes } from './passes.js';
import type { Scheduler } from './scheduler.js';

/** Deletes up to `limit` records older than the cutoff and answers how many went. */
export type Prune = (cutoffMs: number, limit: number) => Promise<number>;

export interface RetentionTask {
  name: string;
  days: number;
  prune: Prune;
}

const DAY_MS = 86_400_000;
export const PRUNE_BATCH = 500;
export const RETENTION_EVERY_MS = 3_600_000;
/**
 * The first pass waits five minutes after a start: finding what is past its cutoff reads every
 * series (about 1.4 s of one CPU with 10,000 bridges' history, in statements of up to 0.6 s),
 * which a restart's reconnecting fleet would otherwise wait behind (docs/performance.md, "10,000 bridges").
 */
export const RETENTION_FIRST_MS = 300_000;

export class Retention {
  private readonly passes = new Passes<Record<string, number>>();

  constructor(
    private readonly tasks: RetentionTask[],
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records deleted per transaction; tests make it smaller to prune in many batches. */
  batch = PRUNE_BATCH;

  /** One pass over every task; answers how many records each deleted. A pass already running is joined. */
  run(): Promise<Record<string, number>> {
    return this.passes.run(() => this.pass());
  }

  /** Puts the passes on the scheduler: five minutes after the start and then every hour, once per cluster. */
  schedule(scheduler: Scheduler): void {
    scheduler.every('retention', RETENTION_EVERY_MS, () => this.run(), { firstAfterMs: RETENTION_FIRST_MS });
  }

  stop(): Promise<void> {
    return this.passes.stop();
  }

  private async pass(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    const pace = new Pace();
    for (const task of this.tasks) {
      const cutoffMs = this.now() - task.days * DAY_MS;
      deleted[task.name] = 0;
      for (;;) {
        const n = await task.prune(cutoffMs, this.batch);
        deleted[task.name] += n;
        if (n < this.batch || this.passes.stopping) break;
        await pace.between();
      }
    }
    const total = Object.values(deleted).reduce((a, b) => a + b, 0);
    if (total) this.log.info('retention pass', deleted);
    return deleted;
  }
}
