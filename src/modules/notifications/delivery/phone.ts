/**
 * The phone channels (docs/decisions.md, "SMS and voice"): a text message or a voice call to
 * each recipient's verified number through the SMS provider (platform/sms.ts). Used only when
 * named: by an escalation step's `channel`, or by a person's follow-up of an alarm nobody
 * acknowledged (follow-up.ts). The text says how to acknowledge by reply (ACK, or ACK and the
 * alarm's number); the call reads the alarm and gathers one key, 1 acknowledging it, through a
 * callback carrying an acknowledgement key like a push notification's. Both are in the
 * recipient's language (docs/i18n.md), the alarm in the e-mail's and push's words, the call in a
 * voice that speaks it. Each message or call of an alarm keeps a delivery receipt: accepted once
 * the provider took it, failed with its answer.
 */
import type { AppContext } from '../../../platform/context.js';
import { translator } from '../../../platform/i18n.js';
import { type PhoneProvider, say, xmlText } from '../../../platform/sms.js';
import type { AckTokens } from '../push/ack-token.js';
import { verifiedPhonesOf } from '../phone/repository.js';
import type { DeliveryReceipts } from '../receipts/receipts.js';
import { wordsFor, type Delivered, type NotificationChannel, type Notice, type PhoneChannelName, type Recipient } from './channels.js';

const SMS_MAX = 320;

/** The path of the voice call's keypress callback (routes/phone/gather.ts). */
export const GATHER_PATH = '/api/notifications/voice/gather';

type Reader = Pick<Recipient, 'language' | 'timeZone'>;

/** What an alarm's text says, in the reader's language: the subject, and how to acknowledge it by reply (always the keyword ACK). */
export function smsText(notice: Notice, reader: Reader): string {
  const how = notice.alertId !== undefined ? `\n${translator(reader.language)('phone.reply', { id: notice.alertId })}` : '';
  const text = wordsFor(notice, reader).subject.slice(0, SMS_MAX - how.length);
  return `${text}${how}`;
}

export class PhoneChannel implements NotificationChannel {
  readonly onRequest = true;

  constructor(
    readonly name: PhoneChannelName,
    private readonly ctx: AppContext,
    private readonly provider: PhoneProvider,
    private readonly tokens: AckTokens,
    private readonly now: () => number,
    private readonly receipts: DeliveryReceipts,
  ) {}

  async deliver(recipients: Recipient[], notice: Notice): Promise<Delivered> {
    const outcome: Delivered = { delivered: 0, failed: 0 };
    if (!this.provider.configured) return outcome;
    const phones = await verifiedPhonesOf(
      this.ctx.db,
      recipients.map((r) => r.userId),
    );
    for (const recipient of recipients) {
      const { userId } = recipient;
      const number = phones.get(userId)?.number;
      if (!number) continue;
      const receipt = await this.receipts.queue(notice, { userId, channel: this.name, target: number });
      await this.receipts.sent(receipt);
      const sent =
        this.name === 'sms'
          ? await this.provider.sendSms(number, smsText(notice, recipient))
          : await this.provider.call(number, this.twiml(notice, recipient, receipt?.ids[0]));
      if (sent.outcome === 'accepted') await this.receipts.accepted(receipt, `The SMS provider took it: ${sent.sid} (${sent.status})`);
      else await this.receipts.failed(receipt, sent.reason);
      outcome[sent.outcome === 'accepted' ? 'delivered' : 'failed']++;
    }
    return outcome;
  }

  /** The call, in the recipient's language and a voice that speaks it: the alarm read out, one key gathered (1 acknowledges it), then goodbye. */
  private twiml(notice: Notice, recipient: Recipient, deliveryId: number | undefined): string {
    const { language } = recipient;
    const t = translator(language);
    const alarm = say(`Vessel Link. ${wordsFor(notice, recipient).subject}.`, language);
    if (notice.alertId === undefined) return `<?xml version="1.0" encoding="UTF-8"?><Response>${alarm}</Response>`;
    const key = this.tokens.sign({ userId: recipient.userId, alertId: notice.alertId, vesselId: notice.vesselId, deliveryId }, this.now());
    const action = `${this.ctx.config.publicUrl}${GATHER_PATH}?key=${encodeURIComponent(key)}`;
    return (
      '<?xml version="1.0" encoding="UTF-8"?><Response>' +
      `<Gather numDigits="1" timeout="10" action="${xmlText(action)}" method="POST">${alarm}${say(t('phone.press'), language)}</Gather>` +
      `${say(t('phone.notAcknowledged'), language)}</Response>`
    );
  }
}
