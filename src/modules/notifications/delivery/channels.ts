/**
 * How an alarm reaches people away from the app (docs/architecture.md, "Alarm delivery"). A
 * channel is one file implementing `NotificationChannel`, registered once with
 * `delivery.register(channel)` in the notifications module's `index.ts`; the delivery applies each recipient's
 * minimum priority for the channel and their quiet hours before handing it the recipients.
 */
import type { MailLanguage } from '../../../platform/i18n.js';
import type { AlertPriority } from '../../alerts/api.js';

export interface Recipient {
  userId: number;
  email: string;
  /** The profile's language (English when the product has no catalogue for it). */
  language: MailLanguage;
  /** The preferences' time zone, in which the notice's times are written. */
  timeZone: string;
}

/** A notice's subject and text in one language. */
export interface NoticeWords {
  subject: string;
  text: string;
}

/** One notice: an alarm raised or sounding again, or a flood of them grouped. */
export interface Notice {
  vesselId: number;
  vesselName: string;
  /** The highest priority the notice carries (a group: its highest alarm's). */
  priority: AlertPriority;
  /** The alarm a notice is about; a group of alarms has none. */
  alertId?: number;
  /** A group of alarms: the alarms it carries (each keeps a delivery receipt of it). */
  alertIds?: number[];
  /** In English: the delivery records' words, and everyone's when `inLanguage` is absent. */
  subject: string;
  text: string;
  /** The same in a recipient's language and time zone (every channel: e-mail, push, SMS, voice); absent, the English serves everyone. */
  inLanguage?: (language: MailLanguage, timeZone: string) => NoticeWords;
}

/** A notice in a recipient's words. */
export const wordsFor = (notice: Notice, recipient: Pick<Recipient, 'language' | 'timeZone'>): NoticeWords =>
  notice.inLanguage ? notice.inLanguage(recipient.language, recipient.timeZone) : { subject: notice.subject, text: notice.text };

/** The channels a user sets a minimum priority for (docs/api.md, `NotificationSettings`). */
export type ChannelName = 'email' | 'push' | 'inApp';

/** The phone channels (delivery/phone.ts): used only when a ladder step or a person's follow-up names them. */
export type PhoneChannelName = 'sms' | 'voice';

/** What a channel made of one notice, in its own messages (an e-mail per recipient, a push message per device). */
export interface Delivered {
  delivered: number;
  failed: number;
}

export interface NotificationChannel {
  name: ChannelName | PhoneChannelName;
  /** Only when named (a ladder step's channel, a follow-up), never with every notice. */
  onRequest?: boolean;
  deliver(recipients: Recipient[], notice: Notice): Promise<Delivered>;
}
