/**
 * Judging a property's values against its warning levels (docs/product.md, alarms). A level is
 * crossed only once the value has stayed past it for the delay, by the values' measurement
 * times; the level it crossed holds until the value is back inside it by the hysteresis. So a
 * value hovering at a level raises one alert, not one per sample, and a buffered series
 * (store-and-forward) is judged as it was measured, not by when it arrived.
 */
import type { WarningLevels } from './repository.js';
import { formatValue } from '../../../../contracts/units.js';
import type { AlarmWords } from '../../../../contracts/alerts.js';

export type Zone = 'normal' | 'lowWarning' | 'highWarning' | 'lowCritical' | 'highCritical';
type Level = Exclude<Zone, 'normal'>;

/** Most severe first: the first level confirmed or held is the verdict. */
const BY_SEVERITY: readonly Level[] = ['highCritical', 'lowCritical', 'highWarning', 'lowWarning'];
const isHigh = (level: Level) => level === 'highCritical' || level === 'highWarning';

export interface LevelWatch {
  levels: WarningLevels;
  /** `unknown` until the first verdict after loading when an alert may be active from before; `normal` when none is. */
  zone: Zone | 'unknown';
  /** Since when (measurement time) the value has been past each level without a break. */
  pastSince: Partial<Record<Level, number>>;
  /** The newest measurement judged: an older one arriving later changes nothing. */
  judgedUpTo: number;
}

export const newWatch = (levels: WarningLevels, alertMayBeActive = true): LevelWatch => ({
  levels,
  zone: alertMayBeActive ? 'unknown' : 'normal',
  pastSince: {},
  judgedUpTo: -Infinity,
});

/** Judges one value; answers the zone the value has moved to, or null when the verdict stands. */
export function judge(watch: LevelWatch, value: number, tsMs: number): Zone | null {
  if (tsMs < watch.judgedUpTo) return null;
  watch.judgedUpTo = tsMs;
  const { levels } = watch;
  const delayMs = levels.delaySeconds * 1000;
  const past = (level: Level, margin: number) => {
    const threshold = levels[level];
    if (threshold === null) return false;
    return isHigh(level) ? value > threshold - margin : value < threshold + margin;
  };
  for (const level of BY_SEVERITY) {
    if (!past(level, 0)) delete watch.pastSince[level];
    else watch.pastSince[level] ??= tsMs;
  }
  let verdict: Zone = 'normal';
  for (const level of BY_SEVERITY) {
    const since = watch.pastSince[level];
    const confirmed = since !== undefined && tsMs - since >= delayMs;
    const held = watch.zone === level && past(level, levels.hysteresis);
    if (confirmed || held) {
      verdict = level;
      break;
    }
  }
  // Right after loading, a value already past a level waits for its delay rather than clearing
  // the alert it may have raised before the restart.
  if (watch.zone === 'unknown' && verdict === 'normal' && Object.keys(watch.pastSince).length) return null;
  if (verdict === watch.zone) return null;
  watch.zone = verdict;
  return verdict;
}

/** The alert a zone stands for: critical levels are alarms, warning levels warnings. */
export function readingOf(
  zone: Zone,
  property: { displayName: string; units: string; path?: string; levels: WarningLevels },
  value: number,
): { state: 'alarm' | 'warn'; message: string; words: AlarmWords } | 'clear' {
  if (zone === 'normal') return 'clear';
  const critical = zone === 'highCritical' || zone === 'lowCritical';
  const side = isHigh(zone) ? 'above its high' : 'below its low';
  // Worded in metric display units (°C, kn, %, bar), as the app shows them, not Signal K's SI units.
  const shown = (si: number) => formatValue(si, property.units, 'metric', property.path);
  const level = property.levels[zone]!;
  const params = { property: property.displayName, level: shown(level), value: shown(value) };
  // The measured numbers beside the English, for each reader's locale (contracts/alerts.ts `alarmParams`).
  const measured = { levelSi: level, valueSi: value, units: property.units, path: property.path ?? '' };
  return {
    state: critical ? 'alarm' : 'warn',
    message: `${params.property} is ${side} ${critical ? 'critical' : 'warning'} level of ${params.level} (${params.value})`,
    words: { key: `level${isHigh(zone) ? 'High' : 'Low'}${critical ? 'Critical' : 'Warning'}`, params: { ...params, ...measured } },
  };
}
