import {
  ALERT_STATUSES,
  alarmParams,
  alarmText as alarmTextIn,
  type Alert,
  type AlertPriority,
  type AlertState,
  type AlertStatus,
} from '../../../../contracts/alerts';
import { currentLocale, i18n, labelsOf } from '../../i18n';

export type {
  Alert,
  AlertLogEntry,
  AlertPriority,
  AlertState,
  AlertStatus,
  CustomAlert,
  CustomAlertInput,
  Comparison,
  Page,
} from '../../../../contracts/alerts';
export { ALERT_PRIORITIES, ALERT_STATUSES, COMPARISONS, EMERGENCY_SILENCE_MAX_SECONDS, SILENCE_MAX_SECONDS } from '../../../../contracts/alerts';

const PRIORITY_OF_STATE: Record<Exclude<AlertState, 'normal'>, AlertPriority> = { emergency: 'emergency', alarm: 'alarm', warn: 'warning', alert: 'caution' };

/** The alert's priority: the server's, or (from an older server) the one its Signal K state stands for. */
/**
 * What an alarm says (contracts/alerts.ts `alarmText`), the server's own sentences (a warning
 * level, no data, offline, the geofence) in the language shown, their numbers in its locale
 * (`alarmParams`: "11,80 V" in Italian); a bridge's or a person's words as written.
 */
export const alarmText = (alert: Parameters<typeof alarmTextIn>[0]): string =>
  alarmTextIn(alert, (words) => i18n.t(`alerts:words.${words.key}`, alarmParams(words, currentLocale())));

export function priorityOf(alert: Alert): AlertPriority {
  if (alert.priority) return alert.priority;
  return alert.state === 'normal' ? 'caution' : PRIORITY_OF_STATE[alert.state];
}

/** Where the alert stands in its lifecycle (docs/api.md "Alerts"). */
export function statusOf(alert: Alert): AlertStatus {
  if (alert.status) return alert.status;
  if (alert.clearedAt !== null) return alert.acknowledgedAt === null ? 'rectified-unacknowledged' : 'cleared';
  if (alert.acknowledgedAt !== null) return 'active-acknowledged';
  return alert.silenced ? 'silenced' : 'active-unacknowledged';
}

/** Active = not cleared: a rectified alert stays until someone acknowledges it. */
export const isActiveAlert = (alert: Alert) => statusOf(alert) !== 'cleared';

/** Still waiting for someone to take responsibility. */
export const needsAcknowledgement = (alert: Alert) => isActiveAlert(alert) && alert.acknowledgedAt === null;

/** Alarm and emergency call for someone to act now; warning and caution for attention. */
export const isCriticalAlert = (alert: Alert) => {
  const priority = priorityOf(alert);
  return priority === 'alarm' || priority === 'emergency';
};

const RANK: Record<AlertPriority, number> = { emergency: 0, alarm: 1, warning: 2, caution: 3 };

/** Active alerts first (the most urgent, then the newest), then the most recently raised. */
export function sortAlerts(alerts: Alert[]): Alert[] {
  return [...alerts].sort((a, b) => {
    const activeOrder = Number(isActiveAlert(b)) - Number(isActiveAlert(a));
    if (activeOrder !== 0) return activeOrder;
    if (isActiveAlert(a)) {
      const rank = RANK[priorityOf(a)] - RANK[priorityOf(b)];
      if (rank !== 0) return rank;
    }
    return Date.parse(b.raisedAt) - Date.parse(a.raisedAt);
  });
}

/** The unacknowledged alarms and emergencies the vessel's banner shouts about, most urgent first. */
export const bannerAlarms = (alerts: Alert[] | undefined): Alert[] => sortAlerts((alerts ?? []).filter((a) => needsAcknowledgement(a) && isCriticalAlert(a)));

/** A priority in words, in the current language (read at each use: the table follows the language). */
export const PRIORITY_LABELS: Record<AlertPriority, string> = labelsOf(['emergency', 'alarm', 'warning', 'caution'], (priority) =>
  i18n.t(`alerts:priority.${priority}`),
);

/** Status in words; a silence names its end. */
export function statusText(alert: Alert, formatTime: (iso: string) => string): string {
  const status = statusOf(alert);
  if (status === 'silenced' && alert.silencedUntil) return i18n.t('alerts:status.silencedUntil', { time: formatTime(alert.silencedUntil) });
  if ((ALERT_STATUSES as readonly string[]).includes(status)) return STATUS_LABELS[status];
  // A status this app does not know yet, in words.
  return String(alert.status).replace(/-/g, ' ');
}

export const STATUS_LABELS: Record<AlertStatus, string> = labelsOf(ALERT_STATUSES, (status) => i18n.t(`alerts:status.${status}`));

/** A span of time in words (`30 seconds`, `1 week`), in the current language. */
export type DurationUnit = 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks';
export const durationWords = (count: number, unit: DurationUnit): string => i18n.t(`alerts:duration.${unit}`, { count });

/** The silences on offer (seconds); an emergency's are capped at a minute by the server. The label is read in the current language. */
const silenceChoice = (seconds: number, count: number, unit: DurationUnit) => ({
  seconds,
  get label() {
    return durationWords(count, unit);
  },
});
export const SILENCE_CHOICES: Array<{ seconds: number; label: string }> = [
  silenceChoice(30, 30, 'seconds'),
  silenceChoice(60, 1, 'minutes'),
  silenceChoice(300, 5, 'minutes'),
  silenceChoice(900, 15, 'minutes'),
  silenceChoice(1800, 30, 'minutes'),
  silenceChoice(3600, 1, 'hours'),
];

/** 45 s, 12 min, 3 h 5 min, 2 d 4 h: a time to acknowledge, how long an alarm stood (contracts' durationText, in the current language). */
export function durationText(seconds: number): string {
  if (seconds < 60) return i18n.t('alerts:short.s', { s: seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return i18n.t('alerts:short.min', { min: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? i18n.t('alerts:short.hMin', { h: hours, min: minutes % 60 }) : i18n.t('alerts:short.h', { h: hours });
  return hours % 24 ? i18n.t('alerts:short.dH', { d: Math.floor(hours / 24), h: hours % 24 }) : i18n.t('alerts:short.d', { d: Math.floor(hours / 24) });
}
