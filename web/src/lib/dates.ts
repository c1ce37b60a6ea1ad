/**
 * Date display formats of spec 3: full "DD/MM/YYYY, HH:mm:ss", date only, time only, each
 * with a zone variant; a 12- or 24-hour clock; and a combined local plus UTC display. In English
 * (`en-GB`, the default) exactly as spec 3 writes them; in another language's locale (`locale`,
 * the web app's `useFormatters` passes the user's) through Intl, the way that language writes
 * dates: "15/05/2019, 14:30:00" in Italian, "15.05.2019, 14:30:00" in German.
 */
import type { TimeFormat } from '../../../contracts/profile';

export type { TimeFormat };

/** The time-range selector's default zone (spec 9). "Universal" is UTC. */
export const DEFAULT_TIME_ZONE = 'Universal';
export const DEFAULT_HOURS = '00';
export const DEFAULT_MINUTES = '00';

export interface DateFormatOptions {
  timeFormat?: TimeFormat;
  /** An IANA zone name or "Universal"; defaults to UTC. */
  timeZone?: string;
  /** The zone variant appends the zone's short name, e.g. "UTC" or "BST". */
  withZone?: boolean;
  /** A BCP 47 locale (`it-IT`); English (`en-GB`) when absent. */
  locale?: string;
}

const isEnglish = (locale: string | undefined) => !locale || locale.toLowerCase().startsWith('en');

const localeFormatters = new Map<string, Intl.DateTimeFormat>();

type Shape = 'dateTime' | 'date' | 'time' | 'shortTime' | 'shortDateTime';

const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  dateTime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  shortTime: { hour: '2-digit', minute: '2-digit' },
  shortDateTime: { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
};

/** Another language's way of writing a date: Intl in its locale, the user's zone, clock and zone-name choice. */
function inLocale(input: DateInput, shape: Shape, options: DateFormatOptions): string {
  const date = toDate(input);
  if (Number.isNaN(date.getTime())) return '—';
  const timeZone = resolveTimeZone(options.timeZone);
  const hourCycle = shape === 'date' ? undefined : options.timeFormat === '12h' ? 'h12' : 'h23';
  const key = `${options.locale}|${shape}|${timeZone}|${hourCycle}|${options.withZone === true}`;
  let formatter = localeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(options.locale, { ...SHAPES[shape], timeZone, hourCycle, timeZoneName: options.withZone ? 'short' : undefined });
    localeFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

export type DateInput = Date | string | number;

interface ZonedParts {
  day: string;
  month: string;
  year: string;
  hour: number;
  minute: string;
  second: string;
  zoneName: string;
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();

export function resolveTimeZone(timeZone: string | undefined): string {
  if (!timeZone || timeZone === 'Universal' || timeZone === 'Etc/Universal') return 'UTC';
  return timeZone;
}

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatterCache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatterCache.set(timeZone, formatter);
  }
  return formatter;
}

function toDate(input: DateInput): Date {
  return input instanceof Date ? input : new Date(input);
}

function zonedParts(input: DateInput, timeZone: string | undefined): ZonedParts | null {
  const date = toDate(input);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(resolveTimeZone(timeZone)).formatToParts(date)) parts[part.type] = part.value;
  return {
    day: parts.day,
    month: parts.month,
    year: parts.year,
    hour: Number(parts.hour) % 24,
    minute: parts.minute,
    second: parts.second,
    zoneName: parts.timeZoneName ?? 'UTC',
  };
}

const withZoneName = (text: string, parts: ZonedParts, options: DateFormatOptions) => (options.withZone ? `${text} ${parts.zoneName}` : text);

function timeText(parts: ZonedParts, timeFormat: TimeFormat): string {
  if (timeFormat === '24h') return `${String(parts.hour).padStart(2, '0')}:${parts.minute}:${parts.second}`;
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  const period = parts.hour < 12 ? 'AM' : 'PM';
  return `${String(hour12).padStart(2, '0')}:${parts.minute}:${parts.second} ${period}`;
}

/** "DD/MM/YYYY, HH:mm:ss" (or with a 12-hour clock "DD/MM/YYYY, hh:mm:ss AM"). */
export function formatDateTime(input: DateInput, options: DateFormatOptions = {}): string {
  if (!isEnglish(options.locale)) return inLocale(input, 'dateTime', options);
  const parts = zonedParts(input, options.timeZone);
  if (!parts) return '—';
  const text = `${parts.day}/${parts.month}/${parts.year}, ${timeText(parts, options.timeFormat ?? '24h')}`;
  return withZoneName(text, parts, options);
}

/** "DD/MM/YYYY". */
export function formatDate(input: DateInput, options: DateFormatOptions = {}): string {
  if (!isEnglish(options.locale)) return inLocale(input, 'date', options);
  const parts = zonedParts(input, options.timeZone);
  if (!parts) return '—';
  return withZoneName(`${parts.day}/${parts.month}/${parts.year}`, parts, options);
}

/** "HH:mm:ss" or "hh:mm:ss AM". */
export function formatTime(input: DateInput, options: DateFormatOptions = {}): string {
  if (!isEnglish(options.locale)) return inLocale(input, 'time', options);
  const parts = zonedParts(input, options.timeZone);
  if (!parts) return '—';
  return withZoneName(timeText(parts, options.timeFormat ?? '24h'), parts, options);
}

/** Local time with its zone, followed by UTC: "15/05/2019, 15:30:00 BST (15/05/2019, 14:30:00 UTC)". */
export function formatLocalAndUtc(input: DateInput, options: { timeFormat?: TimeFormat; localZone?: string; locale?: string } = {}): string {
  const localZone = options.localZone ?? localTimeZone();
  const local = formatDateTime(input, { timeFormat: options.timeFormat, timeZone: localZone, withZone: true, locale: options.locale });
  if (local === '—') return local;
  const utc = formatDateTime(input, { timeFormat: options.timeFormat, timeZone: 'UTC', withZone: true, locale: options.locale });
  return resolveTimeZone(localZone) === 'UTC' ? utc : `${local} (${utc})`;
}

/**
 * The instant at which the wall clock in `timeZone` reads `date` (YYYY-MM-DD) `hours`:`minutes`,
 * as the ISO value the range selector sends to the server.
 */
export function zonedTimeToIso(date: string, hours: string, minutes: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const [year, month, day] = date.split('-').map(Number);
  const wallClockAsUtc = Date.UTC(year, month - 1, day, Number(hours), Number(minutes));
  // The zone's offset at that moment; a second pass settles instants near a DST change.
  let instant = wallClockAsUtc - zoneOffsetMs(wallClockAsUtc, timeZone);
  instant = wallClockAsUtc - zoneOffsetMs(instant, timeZone);
  return new Date(instant).toISOString();
}

/** A datetime-local field's value (a wall-clock time in `timeZone`) as ISO, or undefined when empty or incomplete. */
export function zonedLocalToIso(local: string, timeZone: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(local);
  return match ? zonedTimeToIso(match[1], match[2], match[3], timeZone) : undefined;
}

/** The datetime-local field's value ("YYYY-MM-DDTHH:mm") at which the wall clock in `timeZone` shows the instant. */
export function isoToZonedLocal(input: DateInput, timeZone: string): string {
  const parts = zonedParts(input, timeZone);
  if (!parts) return '';
  return `${parts.year}-${parts.month}-${parts.day}T${String(parts.hour).padStart(2, '0')}:${parts.minute}`;
}

function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = zonedParts(instant, timeZone);
  if (!parts) return 0;
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), parts.hour, Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();

/** Another language's "3 minutes ago": Intl.RelativeTimeFormat ("3 minuti fa", "il y a 3 minutes", "vor 3 Minuten"). */
function relativeInLocale(seconds: number, locale: string): string {
  let formatter = relativeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormatters.set(locale, formatter);
  }
  if (seconds < 45) return formatter.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return formatter.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return formatter.format(-hours, 'hour');
  return formatter.format(-Math.round(hours / 24), 'day');
}

/** "3 minutes ago" style text for last-seen times; in `locale`'s words when it is another language's. */
export function formatRelative(input: DateInput, now: Date = new Date(), locale?: string): string {
  const date = toDate(input);
  if (Number.isNaN(date.getTime())) return isEnglish(locale) ? 'never' : '—';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (!isEnglish(locale)) return relativeInLocale(seconds, locale!);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** Compact chart labels: "14:30" (or "02:30 PM"), with "15/05 " in front when `withDate`. */
export function formatShort(input: DateInput, options: DateFormatOptions & { withDate?: boolean } = {}): string {
  if (!isEnglish(options.locale)) return inLocale(input, options.withDate ? 'shortDateTime' : 'shortTime', { ...options, withZone: false });
  const parts = zonedParts(input, options.timeZone);
  if (!parts) return '—';
  const time = timeText(parts, options.timeFormat ?? '24h')
    .replace(/:\d{2}( |$)/, '$1')
    .trim();
  return options.withDate ? `${parts.day}/${parts.month} ${time}` : time;
}

/** A date as the app writes it (DD/MM/YYYY) from its ISO form (YYYY-MM-DD). */
export function isoDateToDisplay(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** A date typed the way the app writes it (D/M/YYYY, with / . or - between) as YYYY-MM-DD, or null when it is no real date. */
export function displayDateToIso(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's date (YYYY-MM-DD) on the wall calendar of a zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: resolveTimeZone(timeZone), year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return parts;
}
