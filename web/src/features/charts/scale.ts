export interface ChartPoint {
  /** Milliseconds since the epoch. */
  t: number;
  v: number | null;
  /** A bucket of values (history downsampled on the server): its lowest and highest, drawn as a band around v. */
  low?: number;
  high?: number;
}

export type Scale = (value: number) => number;

export function linearScale([d0, d1]: [number, number], [r0, r1]: [number, number]): Scale {
  const span = d1 - d0 || 1;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

/** The range of the values, widened a little when flat so the line sits mid-chart. */
export function valueExtent(values: number[]): [number, number] | null {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return null;
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  if (min === max) {
    const pad = Math.abs(min) * 0.1 || 1;
    return [min - pad, max + pad];
  }
  return [min, max];
}

/** Round tick values (1, 2, 2.5 or 5 × 10ⁿ apart) covering [min, max]. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  const rawStep = (max - min) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= rawStep) ?? rawStep;
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max + step * 1e-9; tick += step) {
    ticks.push(Number(tick.toFixed(10)));
  }
  return ticks;
}

/**
 * The runs of points a line joins: a null value breaks it (no data for that time), and so does
 * an outage (the bridge offline, the link down): a gap in the line, not a straight stroke across it.
 */
function runsOf(points: ChartPoint[]): Array<Array<ChartPoint & { v: number }>> {
  const longest = longestUsualGap(points);
  const runs: Array<Array<ChartPoint & { v: number }>> = [];
  let run: Array<ChartPoint & { v: number }> = [];
  let previousT = -Infinity;
  for (const point of points) {
    if (point.v === null || !Number.isFinite(point.v)) {
      if (run.length) runs.push(run);
      run = [];
      continue;
    }
    if (point.t - previousT > longest && run.length) {
      runs.push(run);
      run = [];
    }
    run.push(point as ChartPoint & { v: number });
    previousT = point.t;
  }
  if (run.length) runs.push(run);
  return runs;
}

/** An SVG path through the points, broken where no value was recorded. */
export function linePath(points: ChartPoint[], x: Scale, y: Scale): string {
  return runsOf(points)
    .map((run) => run.map((point, i) => `${i ? 'L' : 'M'}${x(point.t).toFixed(1)},${y(point.v).toFixed(1)}`).join(''))
    .join('');
}

/** Points with no neighbour on the line (alone between gaps): drawn as dots, or they would not show. */
export function lonePoints(points: ChartPoint[]): Array<ChartPoint & { v: number }> {
  return runsOf(points)
    .filter((run) => run.length === 1)
    .map((run) => run[0]);
}

/**
 * The time domain of a chart: its points' first to last time, or a minute either side of a single
 * moment, so one value sits mid-chart instead of on a zero-width scale.
 */
export function timeDomain(points: ChartPoint[]): [number, number] {
  const first = points[0].t;
  const last = points[points.length - 1].t;
  return last > first ? [first, last] : [first - 60_000, first + 60_000];
}

/** The start, middle and end of the time axis, leaving out those whose label would touch the one before. */
export function timeTicks(domain: [number, number], x: Scale, minGap: number): number[] {
  const candidates = [domain[0], (domain[0] + domain[1]) / 2, domain[1]];
  const kept: number[] = [];
  for (const t of candidates) if (kept.length === 0 || x(t) - x(kept[kept.length - 1]) >= minGap) kept.push(t);
  return kept;
}

/** The band between the buckets' lowest and highest values, broken where the line is. */
export function bandPath(points: ChartPoint[], x: Scale, y: Scale): string {
  return runsOf(points)
    .map((run) => {
      const top = run.map((point, i) => `${i ? 'L' : 'M'}${x(point.t).toFixed(1)},${y(point.high ?? point.v).toFixed(1)}`);
      const bottom = [...run].reverse().map((point) => `L${x(point.t).toFixed(1)},${y(point.low ?? point.v).toFixed(1)}`);
      return `${top.join('')}${bottom.join('')}Z`;
    })
    .join('');
}

/** Samples further apart than this many times the usual interval are not joined. */
export const GAP_FACTOR = 5;
/**
 * Buckets (history downsampled on the server) lie on a regular grid: one missing is a stretch of
 * time without a single value, so a gap of more than this many usual intervals is not joined. A
 * 20-minute outage among 5-minute buckets is a gap, not a straight line across it.
 */
export const BUCKET_GAP_FACTOR = 1.5;

/**
 * The longest interval still joined: GAP_FACTOR times the median interval between samples
 * (BUCKET_GAP_FACTOR for buckets); Infinity with too few samples to tell.
 */
export function longestUsualGap(points: ChartPoint[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < points.length; i += 1) gaps.push(points[i].t - points[i - 1].t);
  if (gaps.length < 3) return Infinity;
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  const bucketed = points.every((point) => point.v === null || (point.low !== undefined && point.high !== undefined));
  return median > 0 ? median * (bucketed ? BUCKET_GAP_FACTOR : GAP_FACTOR) : Infinity;
}

/** The index of the point closest in time to `t` (points sorted by time). */
export function nearestIndex(points: ChartPoint[], t: number): number {
  if (points.length === 0) return -1;
  let low = 0;
  let high = points.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (points[middle].t < t) low = middle;
    else high = middle;
  }
  return Math.abs(points[low].t - t) <= Math.abs(points[high].t - t) ? low : high;
}
