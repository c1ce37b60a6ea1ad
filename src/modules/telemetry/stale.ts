/**
 * The stale-value mark (docs/product.md, "Alarms"): each property's usual interval between values
 * is learned on ingest (an exponentially weighted mean of the gaps between measurement times,
 * kept in memory: a few numbers per property, no query), and a property whose last value is
 * older than STALE_FACTOR times that interval is `stale`, so a dead sensor is never shown as a
 * healthy reading. A property whose interval is not learned yet (fewer than two values since the
 * server started) is stale once its value is older than UNLEARNED_STALE_MS.
 */
import { sharedPath } from './path-names.js';

export const STALE_FACTOR = 3;
/** Gaps below this count as this (a burst of values must not make a 1 s sensor stale after 3 s). */
const MIN_INTERVAL_MS = 1000;
export const UNLEARNED_STALE_MS = 3600_000;
/** Weight of the newest gap. */
const ALPHA = 0.2;

interface Cadence {
  lastMs: number;
  intervalMs: number | null;
}

export class PropertyCadence {
  private readonly bridges = new Map<number, Map<string, Cadence>>();

  constructor(private readonly now: () => number) {}

  /** A value of a path was stored, measured at `tsMs`. */
  saw(bridgeId: number, path: string, tsMs: number): void {
    let paths = this.bridges.get(bridgeId);
    if (!paths) this.bridges.set(bridgeId, (paths = new Map()));
    const cadence = paths.get(path);
    if (!cadence) {
      paths.set(sharedPath(path), { lastMs: tsMs, intervalMs: null });
      return;
    }
    if (tsMs <= cadence.lastMs) return;
    const gap = Math.max(tsMs - cadence.lastMs, MIN_INTERVAL_MS);
    cadence.intervalMs = cadence.intervalMs === null ? gap : ALPHA * gap + (1 - ALPHA) * cadence.intervalMs;
    cadence.lastMs = tsMs;
  }

  /** Whether a property's value, measured at `timestamp`, is older than expected. */
  stale(bridgeId: number, path: string, timestamp: string | null): boolean {
    return this.now() >= this.staleAt(bridgeId, path, timestamp);
  }

  /** When a value measured at `timestamp` turns stale unless another comes (never without a value). */
  staleAt(bridgeId: number, path: string, timestamp: string | null): number {
    if (timestamp === null) return Infinity;
    const intervalMs = this.bridges.get(bridgeId)?.get(path)?.intervalMs ?? null;
    // Stale once older than the allowance: the first whole millisecond past it.
    return Math.floor(Date.parse(timestamp) + (intervalMs === null ? UNLEARNED_STALE_MS : STALE_FACTOR * intervalMs)) + 1;
  }

  /** The usual interval learned for a path, in ms (null: not yet). */
  intervalOf(bridgeId: number, path: string): number | null {
    return this.bridges.get(bridgeId)?.get(path)?.intervalMs ?? null;
  }

  forget(bridgeId: number): void {
    this.bridges.delete(bridgeId);
  }
}
