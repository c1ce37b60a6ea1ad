/**
 * The arithmetic of history downsampled into buckets (docs/decisions.md, "History for charts"):
 * how wide the buckets of a range are, which rollup can answer them, and folding values and
 * rollup rows into min, max, sum, count and last.
 */
import type { HistoryBucket } from '../../../contracts/devices.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** Most buckets one request may ask for: wider than any screen a chart is drawn on. */
export const MAX_BUCKETS = 2000;

/** The longest range a bucketed request may cover: a year and then some. */
export const MAX_BUCKETED_RANGE_MS = 400 * 24 * HOUR_MS;

/**
 * The bucket width for at most `buckets` buckets over [fromMs, toMs]: a whole number of hours,
 * minutes or seconds (so rollups of that resolution fill whole buckets), strictly wider than
 * span ÷ (buckets − 1), so that aligned to multiples of the width the range touches at most
 * `buckets` of them.
 */
export function bucketWidth(fromMs: number, toMs: number, buckets: number): number {
  const least = (toMs - fromMs) / Math.max(1, buckets - 1);
  const step = least >= HOUR_MS ? HOUR_MS : least >= MINUTE_MS ? MINUTE_MS : 1000;
  return (Math.floor(least / step) + 1) * step;
}

/** The rollup whose rows fill whole buckets of this width (0: none, read raw samples). */
export function rollupFor(widthMs: number): 0 | typeof MINUTE_MS | typeof HOUR_MS {
  return widthMs % HOUR_MS === 0 ? HOUR_MS : widthMs % MINUTE_MS === 0 ? MINUTE_MS : 0;
}

/** Min, max, sum, count and the newest value of some numeric samples. */
export interface Aggregate {
  min: number;
  max: number;
  sum: number;
  count: number;
  last: number;
  lastMs: number;
}

export function merge(into: Aggregate | undefined, part: Aggregate): Aggregate {
  if (!into) return { ...part };
  into.min = Math.min(into.min, part.min);
  into.max = Math.max(into.max, part.max);
  into.sum += part.sum;
  into.count += part.count;
  // On equal times the later part wins, as on ingest.
  if (part.lastMs >= into.lastMs) {
    into.last = part.last;
    into.lastMs = part.lastMs;
  }
  return into;
}

/** Adds one sample to the aggregate of its period; values that are not finite numbers are not summarised. */
export function addSample(periods: Map<number, Aggregate>, period: number, tsMs: number, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) return;
  periods.set(period, merge(periods.get(period), { min: value, max: value, sum: value, count: 1, last: value, lastMs: tsMs }));
}

export function toBuckets(byStart: Map<number, Aggregate>): HistoryBucket[] {
  return [...byStart.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([startMs, a]) => ({ timestamp: new Date(startMs).toISOString(), min: a.min, max: a.max, mean: a.sum / a.count, last: a.last, count: a.count }));
}
