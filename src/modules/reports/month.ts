/**
 * Calendar months in a time zone (the vessel owner's, docs/decisions.md "Monthly alarm report"):
 * which month a moment falls in there, and the instants a month starts and ends. An unknown
 * zone is UTC.
 */

export interface Month {
  year: number;
  /** 1–12. */
  month: number;
}

export const monthText = (m: Month): string => `${m.year}-${String(m.month).padStart(2, '0')}`;

export const parseMonth = (text: string): Month => ({ year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)) });

export const nextMonth = (m: Month): Month => (m.month === 12 ? { year: m.year + 1, month: 1 } : { year: m.year, month: m.month + 1 });

export const previousMonth = (m: Month): Month => (m.month === 1 ? { year: m.year - 1, month: 12 } : { year: m.year, month: m.month - 1 });

export const compareMonths = (a: Month, b: Month): number => a.year - b.year || a.month - b.month;

/** The zone by Intl's name for it (`Universal` is UTC), or UTC when Intl does not know it. */
export function knownZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** The wall-clock fields of a moment in a zone. */
function fieldsIn(ms: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** The month a moment falls in, in a zone. */
export function monthAt(ms: number, timeZone: string): Month {
  const { year, month } = fieldsIn(ms, timeZone);
  return { year, month };
}

/** How far the zone's wall clock is ahead of UTC at a moment (ms). */
function offsetAt(ms: number, timeZone: string): number {
  const f = fieldsIn(ms, timeZone);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant a month starts (local midnight of its first day) in a zone. */
export function monthStart(m: Month, timeZone: string): number {
  const wall = Date.UTC(m.year, m.month - 1, 1);
  const guess = wall - offsetAt(wall, timeZone);
  // Once more at the guess, in case the offset changed in between (a daylight-saving change near midnight).
  return wall - offsetAt(guess, timeZone);
}

/** The instants a month starts and the next one starts, in a zone. */
export const monthBounds = (m: Month, timeZone: string): { from: number; to: number } => ({
  from: monthStart(m, timeZone),
  to: monthStart(nextMonth(m), timeZone),
});
