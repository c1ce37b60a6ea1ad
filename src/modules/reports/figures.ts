/**
 * The figures of a monthly alarm report from a month's alarms and transitions (docs/decisions.md,
 * "Monthly alarm report"): what was raised by priority, the chattering points (ISA-18.2: three
 * transitions within a minute), the standing alarms (ISA-18.2: held over 24 hours) and the time
 * to acknowledge.
 */
import {
  type AlarmReport,
  CHATTERING_TRANSITIONS,
  CHATTERING_WINDOW_SECONDS,
  type ChatteringAlarm,
  STANDING_HOURS,
  type StandingAlarm,
} from '../../../contracts/alarm-report.js';
import { ALERT_PRIORITIES, type AlertPriority, alarmText } from '../../../contracts/alerts.js';
import type { AlertRow } from '../alerts/api.js';

export interface MonthOfAlarms {
  /** The alarms active at some time in the month. */
  alarms: AlertRow[];
  /** When they went into alarm or back to normal in the month, oldest first. */
  transitions: Array<{ alertId: number; at: string }>;
  from: number;
  to: number;
  now: number;
}

type Figures = Pick<AlarmReport, 'raised' | 'chattering' | 'standing' | 'acknowledgement'>;

export function alarmFigures(month: MonthOfAlarms): Figures {
  const raised = month.alarms.filter((a) => Date.parse(a.raisedAt) >= month.from);
  return { raised: byPriority(raised), chattering: chattering(month), standing: standing(month), acknowledgement: acknowledgement(raised) };
}

function byPriority(raised: AlertRow[]): AlarmReport['raised'] {
  const counts = Object.fromEntries(ALERT_PRIORITIES.map((p) => [p, 0])) as Record<AlertPriority, number>;
  for (const alarm of raised) counts[alarm.priority]++;
  return { total: raised.length, byPriority: counts };
}

/** The most of these times (ms, ascending) within any window of CHATTERING_WINDOW_SECONDS. */
export function mostInAWindow(times: number[]): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end] - times[start] >= CHATTERING_WINDOW_SECONDS * 1000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/** An alarm point: every alarm of one origin and path (and custom alert) is the same point going on and off. */
const pointOf = (a: AlertRow) => `${a.origin} ${a.customAlertId ?? ''} ${a.path}`;

function chattering(month: MonthOfAlarms): ChatteringAlarm[] {
  const alarms = new Map(month.alarms.map((a) => [a.id, a]));
  const points = new Map<string, { newest: AlertRow; times: number[]; alarms: number }>();
  for (const alarm of month.alarms) {
    const key = pointOf(alarm);
    const point = points.get(key) ?? { newest: alarm, times: [], alarms: 0 };
    if (alarm.id > point.newest.id) point.newest = alarm;
    if (Date.parse(alarm.raisedAt) >= month.from) point.alarms++;
    points.set(key, point);
  }
  for (const t of month.transitions) {
    const alarm = alarms.get(t.alertId);
    if (alarm) points.get(pointOf(alarm))!.times.push(Date.parse(t.at));
  }
  const out: ChatteringAlarm[] = [];
  for (const { newest, times, alarms: raised } of points.values()) {
    times.sort((a, b) => a - b);
    const most = mostInAWindow(times);
    if (most < CHATTERING_TRANSITIONS) continue;
    out.push({ origin: newest.origin, path: newest.path, text: alarmText(newest), alarms: raised, transitions: times.length, mostInAMinute: most });
  }
  return out.sort((a, b) => b.transitions - a.transitions || a.path.localeCompare(b.path));
}

function standing(month: MonthOfAlarms): StandingAlarm[] {
  const out: StandingAlarm[] = [];
  for (const alarm of month.alarms) {
    const raisedAt = Date.parse(alarm.raisedAt);
    const end = Math.min(alarm.clearedAt === null ? Infinity : Date.parse(alarm.clearedAt), month.to, month.now);
    const hours = (end - raisedAt) / 3_600_000;
    if (hours <= STANDING_HOURS) continue;
    out.push({
      alertId: alarm.id,
      origin: alarm.origin,
      path: alarm.path,
      text: alarmText(alarm),
      priority: alarm.priority,
      raisedAt: alarm.raisedAt,
      clearedAt: alarm.clearedAt,
      activeHours: Math.round(hours * 10) / 10,
    });
  }
  return out.sort((a, b) => b.activeHours - a.activeHours || a.alertId - b.alertId);
}

function acknowledgement(raised: AlertRow[]): AlarmReport['acknowledgement'] {
  const seconds = raised
    .filter((a) => a.acknowledgedAt !== null)
    .map((a) => Math.max(0, Math.round((Date.parse(a.acknowledgedAt!) - Date.parse(a.raisedAt)) / 1000)))
    .sort((a, b) => a - b);
  const mid = Math.floor(seconds.length / 2);
  const median = seconds.length === 0 ? null : seconds.length % 2 ? seconds[mid] : Math.round((seconds[mid - 1] + seconds[mid]) / 2);
  return {
    acknowledged: seconds.length,
    medianSeconds: median,
    worstSeconds: seconds.length ? seconds[seconds.length - 1] : null,
    neverAcknowledged: raised.length - seconds.length,
  };
}
