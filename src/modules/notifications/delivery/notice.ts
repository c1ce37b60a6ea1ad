/** What an alarm's notice says, on every channel, in each recipient's language (docs/i18n.md). */
import { type AlarmWording, alarmParams, alarmText } from '../../../../contracts/alerts.js';
import { formatInstant, localeOf, translator, type MailLanguage } from '../../../platform/i18n.js';
import type { Alert } from '../../alerts/api.js';
import type { Notice, NoticeWords } from './channels.js';

/** The server's own alarm sentences (a warning level, no data, offline, the geofence) in a language, their numbers in its locale. */
export function wordingIn(language: MailLanguage): AlarmWording {
  const t = translator(language);
  return (words) => t(`words.${words.key}`, alarmParams(words, localeOf(language)));
}

/** What an alarm says (`alarmText`) in a language: the words every channel and every reply by phone use. */
export const alarmTextIn = (alert: Parameters<typeof alarmText>[0], language: MailLanguage): string => alarmText(alert, wordingIn(language));

/** Why an alarm is told again: its silence ended, it came back from the shelf, nobody acknowledged it after a while. */
export type Again = { kind: 'unsilenced' } | { kind: 'unshelved' } | { kind: 'stillNotAcknowledged' } | { kind: 'notAcknowledgedAfter'; minutes: number };

/**
 * The alarm in the words every channel uses (`alarmText`: the device and the property as the
 * Devices tab names them, never a raw path while they are known), then what it is about; each
 * recipient reads it in their profile's language, with the time it was raised in their zone.
 * `subject` and `text` are the English, for the delivery records.
 */
export function noticeOf(vesselId: number, vessel: string, alert: Alert, again?: Again): Notice {
  const inLanguage = (language: MailLanguage, timeZone: string): NoticeWords => {
    const t = translator(language);
    // The server's own sentences (a warning level, no data, offline, the geofence) in the reader's language.
    const text = alarmTextIn(alert, language);
    const againText = again ? t(`again.${again.kind}`, { minutes: again.kind === 'notAcknowledgedAfter' ? again.minutes : undefined }) : '';
    const about = alert.propertyName
      ? [...(alert.deviceName ? [t('about.device', { name: alert.deviceName })] : []), t('about.property', { name: alert.propertyName })]
      : alert.message
        ? [t('about.path', { path: alert.path })]
        : [];
    const raised = t('about.raised', { at: formatInstant(alert.raisedAt, language, timeZone) });
    return {
      subject: t('alarm.subject', { vessel, priority: t(`priority.${alert.priority}`), alarm: text, again: againText }),
      text: `${t('alarm.heading', { vessel, priority: t(`priorityTitle.${alert.priority}`), again: againText })}\n${text}\n\n${[...about, raised].join('\n')}`,
    };
  };
  return { vesselId, vesselName: vessel, priority: alert.priority, alertId: alert.id, ...inLanguage('en', 'UTC'), inLanguage };
}
