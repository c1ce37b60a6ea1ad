/**
 * A vessel's monthly alarm report (docs/api.md `AlarmReport`, docs/decisions.md "Monthly alarm
 * report"): for one calendar month in the owner's time zone, the alarms raised by priority, the
 * chattering and standing alarms (ISA-18.2), how long they took to acknowledge, and the
 * notifications sent per channel. The answer of `GET vessel/{id}/alerts/report?month=YYYY-MM`;
 * the monthly e-mail says the same.
 */
import type { AlertOrigin, AlertPriority } from './alerts.js';
import type { DeliveryChannel } from './deliveries.js';

/** `YYYY-MM`, in this millennium (none of the product's alarms is older). */
export const ALARM_REPORT_MONTH_PATTERN = /^2\d{3}-(0[1-9]|1[0-2])$/;

/** ISA-18.2's chattering alarm: this many transitions (into alarm or back to normal) within a minute. */
export const CHATTERING_TRANSITIONS = 3;
export const CHATTERING_WINDOW_SECONDS = 60;

/** ISA-18.2's standing alarm: its condition held for more than this. */
export const STANDING_HOURS = 24;

/** An alarm point (origin and path) that went into alarm and back at least CHATTERING_TRANSITIONS times within a minute. */
export interface ChatteringAlarm {
  origin: AlertOrigin;
  path: string;
  /** What its newest alarm said (contracts/alerts.ts `alarmText`). */
  text: string;
  /** Its alarms raised in the month. */
  alarms: number;
  /** Its transitions (raised, back to normal) in the month. */
  transitions: number;
  /** The most transitions within any minute. */
  mostInAMinute: number;
}

/** An alarm whose condition held for more than STANDING_HOURS within the month (to its clearing, the month's end or now). */
export interface StandingAlarm {
  alertId: number;
  origin: AlertOrigin;
  path: string;
  text: string;
  priority: AlertPriority;
  raisedAt: string;
  clearedAt: string | null;
  /** How long it had stood, in hours (one decimal), by its clearing, the month's end or now. */
  activeHours: number;
}

export interface AlarmReport {
  vesselId: number;
  vesselName: string;
  /** `YYYY-MM`. */
  month: string;
  /** The owner's time zone, which bounds the month. */
  timeZone: string;
  /** The month's first instant, and the next month's (ISO, UTC). */
  from: string;
  to: string;
  /** False while the month is still under way: the figures are so far. */
  complete: boolean;
  /** Alarms raised in the month, by the highest priority each reached. */
  raised: { total: number; byPriority: Record<AlertPriority, number> };
  chattering: ChatteringAlarm[];
  standing: StandingAlarm[];
  /** Of the alarms raised in the month: how long those acknowledged took (seconds), and how many nobody has acknowledged. */
  acknowledgement: { acknowledged: number; medianSeconds: number | null; worstSeconds: number | null; neverAcknowledged: number };
  /** Notifications of the vessel's alarms queued in the month, per channel: sent, and failed. */
  notifications: { total: number; byChannel: Record<DeliveryChannel, { sent: number; failed: number }> };
}

/** 45 s, 12 min, 3 h 5 min, 2 d 4 h: a time to acknowledge, how long an alarm stood. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}

/** "November 2026" for `2026-11`. */
export const monthName = (month: string): string =>
  new Date(`${month}-15T00:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const CHANNEL_NAMES: Record<DeliveryChannel, string> = { email: 'E-mail', push: 'Push', sms: 'SMS', voice: 'Voice call' };
