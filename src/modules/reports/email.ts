/** The monthly alarm report as an e-mail: the same figures as the page, in plain text, with a link to it, in the reader's language. */
import { type AlarmReport, durationText } from '../../../contracts/alarm-report.js';
import { ALERT_PRIORITIES } from '../../../contracts/alerts.js';
import { DELIVERY_CHANNELS } from '../../../contracts/deliveries.js';
import { formatMonth, translator, type MailLanguage } from '../../platform/i18n.js';

export function reportMail(report: AlarmReport, pageUrl: string, language: MailLanguage = 'en'): { subject: string; text: string } {
  const t = translator(language, 'reports');
  const { raised, acknowledgement: ack, notifications } = report;
  const month = formatMonth(report.month, language);
  const vessel = report.vesselName;
  const priorities = {
    emergency: t('mail.priority.emergency'),
    alarm: t('mail.priority.alarm'),
    warning: t('mail.priority.warning'),
    caution: t('mail.priority.caution'),
  };
  const channels = { email: t('mail.channel.email'), push: t('mail.channel.push'), sms: t('mail.channel.sms'), voice: t('mail.channel.voice') };
  const lines = [
    t('mail.heading', { vessel, month, zone: report.timeZone }),
    '',
    t('mail.raised', { total: raised.total }),
    ...ALERT_PRIORITIES.map((p) => `  ${priorities[p]}: ${raised.byPriority[p]}`),
    '',
    ack.acknowledged ? t('mail.ackTime', { median: durationText(ack.medianSeconds!), worst: durationText(ack.worstSeconds!) }) : t('mail.ackNone'),
    t('mail.never', { total: ack.neverAcknowledged }),
    '',
    t('mail.chattering', { total: report.chattering.length }),
    ...report.chattering.map((c) => `  ${t('mail.chatterLine', { alarm: c.text, transitions: c.transitions, most: c.mostInAMinute })}`),
    t('mail.standing', { total: report.standing.length }),
    ...report.standing.map((s) => `  ${s.text}: ${durationText(Math.round(s.activeHours * 3600))}${s.clearedAt ? '' : t('mail.stillActive')}`),
    '',
    t('mail.sent', { total: notifications.total }),
    ...DELIVERY_CHANNELS.map((c) => {
      const { sent, failed } = notifications.byChannel[c];
      return `  ${channels[c]}: ${sent}${failed ? t('mail.failed', { failed }) : ''}`;
    }),
    '',
    t('mail.page', { link: pageUrl }),
    t('mail.why'),
  ];
  return { subject: t('mail.subject', { vessel, month }), text: lines.join('\n') };
}
