/**
 * The alarm shapes of docs/api.md ("Alerts"): one lifecycle for every alarm, whatever raised it
 * (a bridge's Signal K notification, a warning level, a custom alert, the geofence).
 */
import { ENGLISH_VALUE_WORDS, formatValue } from './units.js';

/** Signal K notification states; `normal` once the condition cleared. */
export const ALERT_STATES = ['normal', 'alert', 'warn', 'alarm', 'emergency'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** Most urgent first (Signal K emergency, alarm, warn, alert). */
export const ALERT_PRIORITIES = ['emergency', 'alarm', 'warning', 'caution'] as const;
export type AlertPriority = (typeof ALERT_PRIORITIES)[number];

export const ALERT_STATUSES = ['active-unacknowledged', 'active-acknowledged', 'silenced', 'rectified-unacknowledged', 'cleared'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const ALERT_ORIGINS = ['notification', 'level', 'geofence', 'custom', 'no-data', 'routine'] as const;
export type AlertOrigin = (typeof ALERT_ORIGINS)[number];

/** What a live `alert` event says just happened; `note` only in the alert log. */
export const ALERT_CHANGES = ['raised', 'changed', 'escalated', 'rectified', 'acknowledged', 'silenced', 'unsilenced', 'cleared'] as const;
export type AlertChange = (typeof ALERT_CHANGES)[number];
export type AlertLogAction = AlertChange | 'note';

/** Silences: 30 s unless chosen, at most an hour, an emergency at most a minute. */
export const SILENCE_DEFAULT_SECONDS = 30;
export const SILENCE_MAX_SECONDS = 3600;
export const EMERGENCY_SILENCE_MAX_SECONDS = 60;

export interface Alert {
  id: number;
  /** Missing from servers older than the lifecycle. */
  origin?: AlertOrigin;
  path: string;
  state: AlertState;
  status?: AlertStatus;
  priority?: AlertPriority;
  message: string;
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  silenced: boolean;
  silencedUntil?: string | null;
  /** Set by the fleet-wide calls (alerts/active, alerts/history/page). */
  vesselId?: number;
  /** Set on the live stream's `alert` event. */
  change?: AlertChange;
  /**
   * The device and property the alarm is about, as the Devices tab names them (when it was
   * raised); null for an alarm about no property (the geofence, no data, a routine) or raised
   * before the names were kept.
   */
  deviceName?: string | null;
  propertyName?: string | null;
  /** Which of the server's own sentences `message` is, with its values, for readers of other languages; null for a bridge's or a person's words. */
  messageWords?: AlarmWords | null;
}

/** The sentences the server words alarms with (docs/i18n.md, "The server's words"). */
export const ALARM_WORDS = ['levelHighCritical', 'levelHighWarning', 'levelLowCritical', 'levelLowWarning', 'noData', 'offline', 'geofence'] as const;
export type AlarmWordsKey = (typeof ALARM_WORDS)[number];

/**
 * One of the server's sentences and its values, each already written as shown in English ("11.50 V",
 * "14:05"); a warning level's also as measured (`levelSi`, `valueSi`, in the property's SI `units`,
 * with its `path`), which `alarmParams` writes in the reader's locale. Alarms raised before those
 * were kept have only the written values.
 */
export interface AlarmWords {
  key: AlarmWordsKey;
  params: Record<string, string | number>;
}

/**
 * An alarm sentence's values as a reader reads them: numbers in their locale's digits ("11,80 V"
 * in Italian), a warning level's level and value from the measured numbers in metric display
 * units, as the English message words them; a value kept only as written stays as written.
 */
export function alarmParams(words: AlarmWords, locale: string): Record<string, string | number> {
  const params = words.params;
  const shown: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) shown[name] = typeof value === 'number' ? value.toLocaleString(locale, { useGrouping: false }) : value;
  if (typeof params.units === 'string') {
    const path = typeof params.path === 'string' ? params.path : '';
    for (const name of ['level', 'value']) {
      const si = params[`${name}Si`];
      if (typeof si === 'number') shown[name] = formatValue(si, params.units, 'metric', path, { ...ENGLISH_VALUE_WORDS, locale });
    }
  }
  return shown;
}

/** Words an alarm's message in a reader's language, or null to keep the English it was stored with. */
export type AlarmWording = (words: AlarmWords) => string | null;

/**
 * What an alarm says, naming the device and the property as the Devices tab does, never a raw
 * path while it has them: "House battery: Voltage is below its low warning level of 11.50 V
 * (11.20 V)", "Engine room bilge · Bilge level: High water". The server's e-mails and push
 * messages and the web app's banners and lists all word it here.
 */
export function alarmText(alert: Pick<Alert, 'message' | 'path' | 'deviceName' | 'propertyName' | 'messageWords'>, wording?: AlarmWording): string {
  const message = ((alert.messageWords && wording?.(alert.messageWords)) || alert.message).trim();
  const { deviceName, propertyName } = alert;
  if (!propertyName) return message || alert.path;
  const subject = deviceName ? `${deviceName} · ${propertyName}` : propertyName;
  if (!message) return subject;
  // A warning level's message starts with the property's name already.
  if (message.toLowerCase().startsWith(propertyName.toLowerCase())) return deviceName ? `${deviceName}: ${message}` : message;
  return `${subject}: ${message}`;
}

/** docs/api.md `AlertLogEntry`: who (userId null: the system or the CLI operator) did what, when. */
export interface AlertLogEntry {
  id: number;
  alertId: number;
  path: string;
  action: AlertLogAction;
  state: AlertState;
  userId: number | null;
  messageText: string;
  at: string;
}

export const COMPARISONS = ['<', '<=', '>', '>=', '==', '!='] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** docs/api.md `CustomAlert`: a user's rule on one property of a vessel. */
export interface CustomAlert {
  id: number;
  vesselId: number;
  propertyId: number;
  path: string;
  comparison: Comparison;
  /** In the property's Signal K (SI) unit. */
  threshold: number;
  durationSeconds: number;
  priority: AlertPriority;
  message: string;
  paused: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CustomAlertInput {
  propertyId: number;
  comparison: Comparison;
  threshold: number;
  durationSeconds?: number;
  priority: AlertPriority;
  message?: string;
}

/** A page of a paged call (docs/api.md, Conventions). */
export interface Page<T> {
  totalElements: number;
  content: T[];
}

/**
 * docs/api.md `PushMessage`: what a Web Push message carries to the service worker, which shows
 * it as a notification. `ackToken` (absent on a group of alarms) acknowledges `alertId` through
 * `POST alerts/ackFromNotification` without a session.
 */
export interface PushMessage {
  title: string;
  body: string;
  priority: AlertPriority;
  vesselId: number;
  alertId: number | null;
  /**
   * The page "Open" shows, relative to the app: for an alarm, its delivery's tracked link
   * (`/api/alerts/open/{key}`, which records the notification opened and redirects to the alarm).
   */
  url: string;
  ackToken: string | null;
  /** The notification's buttons in the recipient's language (absent from an older server: English). */
  actions?: { acknowledge: string; open: string };
}

/** docs/api.md `PushDevice`: one device subscribed to alarms by push. */
export interface PushDevice {
  id: number;
  label: string;
  createdAt: string;
  lastSentAt: string | null;
}
