/** The monthly alarm report as an e-mail: the same figures as the page, in plain text, with a link to it. */
import type { AlarmReport } from '../../../contracts/alarm-report.js';
import { ALERT_PRIORITIES } from '../../../contracts/alerts.js';
import { DELIVERY_CHANNELS } from '../../../contracts/deliveries.js';

const CHANNEL_NAMES = { email: 'E-mail', push: 'Push', sms: 'SMS', voice: 'Voice call' } as const;
const PRIORITY_NAMES = { emergency: 'Emergency', alarm: 'Alarm', warning: 'Warning', caution: 'Caution' } as const;

/** 45 s, 12 min, 3 h 5 min, 2 d 4 h. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}

/** "November 2026". */
export const monthName = (month: string): string =>
  new Date(`${month}-15T00:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function reportMail(report: AlarmReport, pageUrl: string): { subject: string; text: string } {
  const { raised, acknowledgement: ack, notifications } = report;
  const lines = [
    `${report.vesselName}: alarms in ${monthName(report.month)} (${report.timeZone})`,
    '',
    `Alarms raised: ${raised.total}`,
    ...ALERT_PRIORITIES.map((p) => `  ${PRIORITY_NAMES[p]}: ${raised.byPriority[p]}`),
    '',
    ack.acknowledged
      ? `Time to acknowledge: median ${durationText(ack.medianSeconds!)}, worst ${durationText(ack.worstSeconds!)}`
      : 'Time to acknowledge: no alarm was acknowledged',
    `Never acknowledged: ${ack.neverAcknowledged}`,
    '',
    `Chattering alarms (3 or more changes within a minute): ${report.chattering.length}`,
    ...report.chattering.map((c) => `  ${c.text}: ${c.transitions} changes, up to ${c.mostInAMinute} in a minute`),
    `Standing alarms (active over 24 hours): ${report.standing.length}`,
    ...report.standing.map((s) => `  ${s.text}: ${durationText(Math.round(s.activeHours * 3600))}${s.clearedAt ? '' : ', still active'}`),
    '',
    `Notifications sent: ${notifications.total}`,
    ...DELIVERY_CHANNELS.map((c) => {
      const { sent, failed } = notifications.byChannel[c];
      return `  ${CHANNEL_NAMES[c]}: ${sent}${failed ? ` (${failed} failed)` : ''}`;
    }),
    '',
    `The report, with earlier months: ${pageUrl}`,
    'You receive this report because alarms of this vessel reach you; mute the vessel in its alarm settings to stop it.',
  ];
  return { subject: `${report.vesselName}: alarm report for ${monthName(report.month)}`, text: lines.join('\n') };
}
