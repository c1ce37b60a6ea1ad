import { i18n } from '../../i18n';
import { DEFAULT_HOURS, DEFAULT_MINUTES, DEFAULT_TIME_ZONE, isoDateToDisplay, zonedTimeToIso } from '../../lib/dates';

/** The preset periods; each one's label is read in the current language. */
export const RANGE_PRESETS = {
  '6H': {
    ms: 6 * 3600_000,
    get label() {
      return i18n.t('charts:presets.hours', { count: 6 });
    },
  },
  '24H': {
    ms: 24 * 3600_000,
    get label() {
      return i18n.t('charts:presets.hours', { count: 24 });
    },
  },
  '7D': {
    ms: 7 * 24 * 3600_000,
    get label() {
      return i18n.t('charts:presets.days', { count: 7 });
    },
  },
} as const;

export type RangePreset = keyof typeof RANGE_PRESETS;

export interface TimeRange {
  from: string;
  to: string;
}

/** The last `preset` up to now, as the ISO values the history calls take. */
export function presetRange(preset: RangePreset, now: Date): TimeRange {
  return { from: new Date(now.getTime() - RANGE_PRESETS[preset].ms).toISOString(), to: now.toISOString() };
}

/** The time-range selector's fields (spec 3): dates, hours and minutes in a chosen zone. */
export interface CustomRangeFields {
  fromDate: string;
  fromHours: string;
  fromMinutes: string;
  toDate: string;
  toHours: string;
  toMinutes: string;
  timeZone: string;
}

/** A new selector starts at 00:00 in the Universal zone (spec 9). */
export function emptyCustomRange(today: string): CustomRangeFields {
  return {
    fromDate: today,
    fromHours: DEFAULT_HOURS,
    fromMinutes: DEFAULT_MINUTES,
    toDate: today,
    toHours: '23',
    toMinutes: '59',
    timeZone: DEFAULT_TIME_ZONE,
  };
}

export function customRange(fields: CustomRangeFields): TimeRange | { error: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.fromDate) || !/^\d{4}-\d{2}-\d{2}$/.test(fields.toDate)) {
    return { error: i18n.t('charts:range.chooseDates') };
  }
  const from = zonedTimeToIso(fields.fromDate, fields.fromHours, fields.fromMinutes, fields.timeZone);
  const to = zonedTimeToIso(fields.toDate, fields.toHours, fields.toMinutes, fields.timeZone);
  if (Date.parse(from) >= Date.parse(to)) return { error: i18n.t('charts:range.endAfterStart') };
  return { from, to };
}

/**
 * The chart view's selection for a newly selected vessel (spec 4): the whole of today in the
 * Universal zone, both ends at 00:00 (spec 3), as the selector's fields and the range they mean.
 * `today` is the ISO date (YYYY-MM-DD) in that zone.
 */
export function vesselChartRange(today: string): { fields: CustomRangeFields; range: TimeRange } {
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);
  const fields = { ...emptyCustomRange(isoDateToDisplay(today)), toDate: isoDateToDisplay(tomorrow), toHours: DEFAULT_HOURS, toMinutes: DEFAULT_MINUTES };
  return { fields, range: customRange({ ...fields, fromDate: today, toDate: tomorrow }) as TimeRange };
}
