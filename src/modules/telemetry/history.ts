/**
 * A property's history downsampled on the server for a chart (docs/decisions.md, "History for
 * charts"): at most N buckets of min, max, mean and last, read from the coarsest rollup whose
 * periods fill whole buckets up to where the rollup job has come, and from raw samples after it
 * (or throughout, when the buckets are narrower than a minute). A bucket without a numeric value
 * is absent, never interpolated.
 */
import type { Knex } from 'knex';
import type { HistoryBucket } from '../../../contracts/devices.js';
import type { Database } from '../../db/knex.js';
import { type Aggregate, addSample, bucketWidth, merge, rollupFor, toBuckets } from './buckets.js';
import * as history from './history-repository.js';

type Db = Database | Knex.Transaction;

export async function historyBuckets(db: Db, bridgeId: number, path: string, fromMs: number, toMs: number, buckets: number): Promise<HistoryBucket[]> {
  const seriesId = await history.seriesIdOf(db, bridgeId, path);
  if (seriesId === undefined) return [];
  const widthMs = bucketWidth(fromMs, toMs, buckets);
  const byStart = new Map<number, Aggregate>();
  const resolution = rollupFor(widthMs);
  let rawFromMs = fromMs;
  if (resolution) {
    // Whole buckets before the point the rollups are complete to come from the rollups; a bucket's
    // edge periods may reach up to one period outside the range.
    const { rolledMs } = await history.rollupState(db);
    const firstPeriodMs = fromMs - (fromMs % resolution);
    const splitMs = Math.min(rolledMs - (rolledMs % widthMs), toMs + 1);
    if (splitMs > firstPeriodMs) {
      for (const [startMs, a] of await history.rollupBuckets(db, resolution, seriesId, firstPeriodMs, splitMs, widthMs)) byStart.set(startMs, a);
      rawFromMs = splitMs;
    }
  }
  if (rawFromMs <= toMs) {
    const raw = new Map<number, Aggregate>();
    await history.visitSamples(db, seriesId, rawFromMs, toMs, (tsMs, value) => addSample(raw, tsMs - (tsMs % widthMs), tsMs, value));
    for (const [startMs, a] of raw) byStart.set(startMs, merge(byStart.get(startMs), a));
  }
  return toBuckets(byStart);
}
