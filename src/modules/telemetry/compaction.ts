/**
 * Compaction of history (docs/decisions.md, "Compacted history"): raw history rows that the
 * rollup job has read and whose hour is over are merged into one row per series and clock hour,
 * their samples packed (sample-codec.ts) in a few per cent of the bytes of one sample a raw row. A batch
 * of one series' rows is one short transaction that adds their samples to their hours and
 * deletes them, so a crash leaves every sample in exactly one of the two tables, and ingest never
 * waits long. The hours live in a table the rollup job does not read, so no sample is rolled up
 * twice.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import type { Logger } from '../../platform/logger.js';
import { Pace, Passes } from '../../platform/passes.js';
import { HOUR_MS } from './buckets.js';
import * as history from './history-repository.js';
import type { Sample } from './sample-codec.js';

/** Raw rows per transaction: an hour of a 1 Hz series stored one sample a row. */
export const COMPACTION_BATCH = 4000;
/** How often the job runs. */
export const COMPACTION_EVERY_MS = 600_000;
/** How long after its end an hour is compacted: the rollup job (every minute) has read it by then. */
export const COMPACTION_AFTER_MS = 600_000;

export class Compaction {
  private readonly passes = new Passes<number>();

  /** Raw rows per transaction; tests make it smaller to compact an hour in several batches. */
  batch = COMPACTION_BATCH;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  /** One pass over every series; answers how many raw rows it merged. A pass already running is joined. */
  run(): Promise<number> {
    return this.passes.run(() => this.pass());
  }

  /** Ends a pass under way after its current batch (the server is stopping). */
  stop(): Promise<void> {
    return this.passes.stop();
  }

  private async pass(): Promise<number> {
    const beforeMs = Math.floor((this.now() - COMPACTION_AFTER_MS) / HOUR_MS) * HOUR_MS;
    let merged = 0;
    const pace = new Pace();
    for (const seriesId of await history.seriesWithRawRowsBefore(this.db, beforeMs)) {
      for (;;) {
        const rows = await this.db.transaction((trx) => this.compactBatch(trx, seriesId, beforeMs));
        merged += rows;
        await pace.between();
        if (rows < this.batch || this.passes.stopping) break;
      }
      if (this.passes.stopping) break;
    }
    if (merged) this.log.debug('history compaction pass', { rows: merged });
    return merged;
  }

  private async compactBatch(trx: Knex.Transaction, seriesId: number, beforeMs: number): Promise<number> {
    // The rollup job's state row, locked: nodes sharing one database take turns with it and each other.
    const { cursor } = await history.rollupState(trx, { lock: true });
    // The newest raw row stays: on SQLite the next row would take its number again, at or below
    // the rollup job's cursor, and never be rolled up.
    const upToSeq = Math.min(cursor, (await history.newestHistorySeq(trx)) - 1);
    const rows = await history.rolledUpRows(trx, seriesId, beforeMs, upToSeq, this.batch);
    const byHour = new Map<number, Sample[]>();
    for (const row of rows) {
      for (const sample of row.samples) {
        const hourMs = Math.floor(sample[0] / HOUR_MS) * HOUR_MS;
        const hour = byHour.get(hourMs);
        if (hour) hour.push(sample);
        else byHour.set(hourMs, [sample]);
      }
    }
    for (const [hourMs, samples] of byHour) await history.addToHour(trx, seriesId, hourMs, samples);
    const seqs = rows.map((r) => r.seq);
    await history.deleteRawRows(trx, seqs);
    return rows.length;
  }
}
