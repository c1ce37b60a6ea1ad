/** The monthly alarm report as an e-mail: the same figures as the page, in plain text, with a link to it. */
import { type AlarmReport, CHANNEL_NAMES, durationText, monthName } from '../../../contracts/alarm-report.js';
import { ALERT_PRIORITIES } from '../../../contracts/alerts.js';
import { DELIVERY_CHANNELS } from '../../../contracts/deliveries.js';

const PRIORITY_NAMES = { emergency: 'Emergency', alarm: 'Alarm', warning: 'Warning', caution: 'Caution' } as const;

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
