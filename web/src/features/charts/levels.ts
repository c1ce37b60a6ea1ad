/** A horizontal line on a chart: a warning level, in the chart's display unit. */
export interface ChartLevel {
  key: string;
  label: string;
  value: number;
  tone: 'warning' | 'critical';
}

/** A moment marked on a chart's time axis: an alert raised or cleared. */
export interface ChartMarker {
  /** Milliseconds since the epoch. */
  t: number;
  kind: 'raised' | 'cleared';
  label: string;
}
