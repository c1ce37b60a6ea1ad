/**
 * The one place a user's own notification settings are applied (docs/product.md, "Alarms"): a
 * channel carries an alarm to a user only at or above the minimum priority they chose for it,
 * and not during their quiet hours (in their own time zone) unless it is an emergency.
 */
import { ALERT_PRIORITIES, type AlertPriority } from '../../alerts/api.js';
import type { UserNotificationSettings } from '../repository.js';
import type { ChannelName } from './channels.js';

/** emergency 3 … caution 0. */
export const rankOf = (priority: AlertPriority): number => ALERT_PRIORITIES.length - 1 - ALERT_PRIORITIES.indexOf(priority);

/** Minutes after local midnight of a moment in a time zone (UTC when the zone is unknown). */
export function localMinutes(nowMs: number, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(nowMs);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(nowMs);
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a moment falls in quiet hours (`start` inclusive, `end` exclusive; 22:00–07:00 spans midnight). */
export function inQuietHours(quiet: { start: string; end: string } | null, nowMs: number, timeZone: string): boolean {
  if (!quiet) return false;
  const now = localMinutes(nowMs, timeZone);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** Whether a user wants a notice of this priority on this channel now. */
export function wants(settings: UserNotificationSettings, channel: ChannelName, priority: AlertPriority, nowMs: number, timeZone: string): boolean {
  if (rankOf(priority) < rankOf(settings.minPriority[channel])) return false;
  return priority === 'emergency' || !inQuietHours(settings.quietHours, nowMs, timeZone);
}
