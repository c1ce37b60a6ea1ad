/** What an alarm's notice says, on every channel. */
import { alarmText } from '../../../../contracts/alerts.js';
import type { Alert } from '../../alerts/api.js';
import type { Notice } from './channels.js';

/**
 * The alarm in the words every channel uses (`alarmText`: the device and the property as the
 * Devices tab names them, never a raw path while they are known), then what it is about.
 */
export function noticeOf(vesselId: number, vessel: string, alert: Alert, again = ''): Notice {
  const text = alarmText(alert);
  const about = alert.propertyName
    ? [...(alert.deviceName ? [`Device: ${alert.deviceName}`] : []), `Property: ${alert.propertyName}`]
    : alert.message
      ? [`Path: ${alert.path}`]
      : [];
  return {
    vesselId,
    vesselName: vessel,
    priority: alert.priority,
    alertId: alert.id,
    subject: `${vessel}: ${alert.priority} — ${text}${again}`,
    text: `${capitalised(alert.priority)} on ${vessel}${again}:\n${text}\n\n${[...about, `Raised: ${alert.raisedAt}`].join('\n')}`,
  };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
