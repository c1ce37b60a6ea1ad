/**
 * The rollup job (docs/decisions.md, "History for charts"): first folds the batch rows ingest
 * wrote since its last pass into per-series raw rows ("History as a batch writes it"), then adds
 * the raw history rows to the one-minute and one-hour rollups in insertion order, a batch of rows
 * per short transaction that also moves the job's cursor, so a pass stopped anywhere (or a
 * crash) resumes where the last batch committed and no row is counted twice. Ingest never waits
 * for it beyond one batch's transaction, and the job is paced to about half a CPU (passes.ts `Pace`).
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import type { Logger } from '../../platform/logger.js';
import { Pace, Passes } from '../../platform/passes.js';
import { type Aggregate, addSample, HOUR_MS, MINUTE_MS } from './buckets.js';
import * as history from './history-repository.js';

/** Raw rows per transaction. */
export const ROLLUP_BATCH = 2000;
/** Samples of batch rows folded per transaction, about as many as ROLLUP_BATCH rows of old held. */
export const FOLD_SAMPLES = 20_000;
/** How often the job runs (docs/decisions.md, "History for charts"). */
export const ROLLUP_EVERY_MS = 60_000;
/** How old a horizon must be before the job rolls up to it: far longer than an ingest transaction. */
export const HORIZON_AGE_MS = 5000;

export class Rollups {
  private readonly passes = new Passes<number>();

  /** Raw rows per transaction; tests make it smaller to stop a pass between batches. */
  batch = ROLLUP_BATCH;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  /** One pass; answers how many raw rows it rolled up. A pass already running is joined. */
  run(options: { batches?: number } = {}): Promise<number> {
    return this.passes.run(() => this.pass(options.batches ?? Infinity));
  }

  /** Ends a pass under way after its current batch (the server is stopping). */
  stop(): Promise<void> {
    return this.passes.stop();
  }

  /**
   * Batches until the rows up to the horizon are rolled up (or `batches` ran). The horizon is the
   * newest row a pass saw at least HORIZON_AGE_MS before: every transaction that took an earlier
   * id has committed since. Each batch locks the job's state row, so server nodes sharing one
   * database take turns and never add a row twice.
   */
  private async pass(batches: number): Promise<number> {
    let folded = 0;
    const pace = new Pace();
    const upToSeq = await history.newestBatchSeq(this.db);
    while (!this.passes.stopping) {
      const samples = await this.db.transaction((trx) => history.foldBatches(trx, FOLD_SAMPLES, upToSeq));
      if (!samples) break;
      folded += samples;
      await pace.between();
    }
    if (folded) this.log.debug('batch rows folded', { samples: folded });
    let rolled = 0;
    for (let n = 0; n < batches && !this.passes.stopping; n++) {
      const { rows, done } = await this.db.transaction((trx) => this.rollBatch(trx));
      rolled += rows;
      if (done) break;
      await pace.between();
    }
    if (rolled) this.log.debug('rollup pass', { rows: rolled });
    return rolled;
  }

  private async rollBatch(trx: Knex.Transaction): Promise<{ rows: number; done: boolean }> {
    const state = await history.rollupState(trx, { lock: true });
    const newest = await history.newestHistorySeq(trx);
    // SQLite hands out rowids above the largest there is: when the newest rows are deleted (a
    // bridge deleted with its history), the next rows take their numbers again.
    const horizon = Math.min(state.horizon, newest);
    const rows = await history.historyRowsAfter(trx, Math.min(state.cursor, horizon), horizon, this.batch);
    if (rows.length > 0) {
      await history.addToRollups(trx, MINUTE_MS, periodsOf(rows, MINUTE_MS));
      await history.addToRollups(trx, HOUR_MS, periodsOf(rows, HOUR_MS));
    }
    if (rows.length === this.batch) {
      await history.saveRollupState(trx, { cursor: rows[rows.length - 1].seq });
      return { rows: rows.length, done: false };
    }
    // Up to the horizon: what was stored before it was taken is in the rollups.
    const now = this.now();
    const fresh = now - state.horizonMs >= HORIZON_AGE_MS;
    await history.saveRollupState(trx, fresh ? { cursor: horizon, horizon: newest, horizonMs: now, rolledMs: state.horizonMs } : { cursor: horizon });
    return { rows: rows.length, done: true };
  }
}

/** The rows' numeric samples summed per series and period of `resolution`. */
function periodsOf(rows: history.HistoryRow[], resolution: number): Array<{ seriesId: number; periodMs: number } & Aggregate> {
  const bySeries = new Map<number, Map<number, Aggregate>>();
  for (const row of rows) {
    let periods = bySeries.get(row.seriesId);
    if (!periods) bySeries.set(row.seriesId, (periods = new Map()));
    for (const [tsMs, value] of row.samples) addSample(periods, tsMs - (tsMs % resolution), tsMs, value);
  }
  return [...bySeries].flatMap(([seriesId, periods]) => [...periods].map(([periodMs, a]) => ({ seriesId, periodMs, ...a })));
}
