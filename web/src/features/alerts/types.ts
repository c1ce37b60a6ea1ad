import { alarmText as alarmTextIn, type Alert, type AlertPriority, type AlertState, type AlertStatus } from '../../../../contracts/alerts';
import { i18n, labelsOf } from '../../i18n';

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
 * level, no data, offline, the geofence) in the language shown; a bridge's or a person's words as written.
 */
export const alarmText = (alert: Parameters<typeof alarmTextIn>[0]): string => alarmTextIn(alert, (words) => i18n.t(`alerts:words.${words.key}`, words.params));

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
  switch (statusOf(alert)) {
    case 'active-unacknowledged':
      return 'Active, not acknowledged';
    case 'active-acknowledged':
      return 'Active, acknowledged';
    case 'silenced':
      return alert.silencedUntil ? `Silenced until ${formatTime(alert.silencedUntil)}` : 'Silenced';
    case 'rectified-unacknowledged':
      return 'Rectified, not acknowledged';
    case 'cleared':
      return 'Cleared';
  }
  // A status this app does not know yet, in words.
  return String(alert.status).replace(/-/g, ' ');
}

export const STATUS_LABELS: Record<AlertStatus, string> = {
  'active-unacknowledged': 'Active, not acknowledged',
  'active-acknowledged': 'Active, acknowledged',
  silenced: 'Silenced',
  'rectified-unacknowledged': 'Rectified, not acknowledged',
  cleared: 'Cleared',
};

/** The silences on offer (seconds); an emergency's are capped at a minute by the server. */
export const SILENCE_CHOICES: Array<{ seconds: number; label: string }> = [
  { seconds: 30, label: '30 seconds' },
  { seconds: 60, label: '1 minute' },
  { seconds: 300, label: '5 minutes' },
  { seconds: 900, label: '15 minutes' },
  { seconds: 1800, label: '30 minutes' },
  { seconds: 3600, label: '1 hour' },
];
