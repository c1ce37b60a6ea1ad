/**
 * The e-mail channel: one e-mail per recipient through the configured SMTP server (or the
 * outbox), each with its delivery receipt; an alarm's e-mail links to the alarm through its
 * tracked link, which records it opened.
 */
import type { Mailer } from '../../../platform/mail.js';
import { translator } from '../../../platform/i18n.js';
import { openPath, type DeliveryReceipts } from '../receipts/receipts.js';
import { wordsFor, type Delivered, type NotificationChannel, type Notice, type Recipient } from './channels.js';

export class EmailChannel implements NotificationChannel {
  readonly name = 'email';

  constructor(
    private readonly mail: Mailer,
    private readonly publicUrl: string,
    private readonly receipts: DeliveryReceipts,
  ) {}

  async deliver(recipients: Recipient[], notice: Notice): Promise<Delivered> {
    const outcome: Delivered = { delivered: 0, failed: 0 };
    for (const recipient of recipients) {
      const { userId, email } = recipient;
      const receipt = await this.receipts.queue(notice, { userId, channel: 'email', target: email });
      const link = receipt?.linkToken ? `${this.publicUrl}${openPath(receipt.linkToken)}` : `${this.publicUrl}/dashboard/vessels/${notice.vesselId}/alerts`;
      await this.receipts.sent(receipt);
      const { subject, text } = wordsFor(notice, recipient);
      const open = translator(recipient.language)('open', { link });
      const sent = await this.mail.deliver({ to: email, subject, text: `${text}\n\n${open}` });
      if (sent.outcome === 'accepted') await this.receipts.accepted(receipt, sent.response ? `The SMTP server answered: ${sent.response}` : undefined);
      else if (sent.outcome === 'outbox') await this.receipts.sent(receipt, 'Waiting in the mail outbox: no SMTP server is configured');
      else await this.receipts.failed(receipt, sent.reason);
      outcome[sent.outcome === 'failed' ? 'failed' : 'delivered']++;
    }
    return outcome;
  }
}
