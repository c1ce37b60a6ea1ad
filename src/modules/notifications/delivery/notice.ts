/** What an alarm's notice says, on every channel. */
import type { Alert } from '../../alerts/api.js';
import type { Notice } from './channels.js';

export function noticeOf(vesselId: number, vessel: string, alert: Alert, again = ''): Notice {
  return {
    vesselId,
    vesselName: vessel,
    priority: alert.priority,
    alertId: alert.id,
    subject: `${vessel}: ${alert.priority} — ${alert.message || alert.path}${again}`,
    text: `${capitalised(alert.priority)} on ${vessel}${again}:\n${alert.message || alert.path}\n\nPath: ${alert.path}\nRaised: ${alert.raisedAt}`,
  };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
