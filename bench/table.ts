/**
 * The one results table every benchmark prints (issue 19, item 6), the same columns as the table
 * in docs/performance.md: what was measured, the command, its baseline in the same run, the ratio
 * and the goal, and whether the goal was met.
 */
export interface ResultRow {
  figure: string;
  command: string;
  /** The measured value with its unit, e.g. `41,200 msg/s` or `p99 18 ms`. */
  value: string;
  /** What it is compared with in the same run (empty when the goal is absolute). */
  baseline: string;
  /** value ÷ baseline as `0.62×`, or empty. */
  ratio: string;
  goal: string;
  met: boolean;
}

/** A Markdown table, so a run's output pastes into docs/performance.md unchanged. */
export function resultTable(rows: readonly ResultRow[]): string {
  const head = '| Figure | Command | Value | Baseline (same run) | Ratio | Goal | Met |\n|---|---|---:|---:|---:|---|:-:|';
  const body = rows.map((r) => `| ${r.figure} | \`${r.command}\` | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.goal} | ${r.met ? 'yes' : 'no'} |`);
  return [head, ...body].join('\n');
}

/**
 * Three decimals: with two, a ratio of 0.496 would print as 0.50× beside a ≥ 0.5× goal it
 * does not meet.
 */
export const ratioText = (value: number, baseline: number): string => `${(value / baseline).toFixed(3)}×`;
