/** The e-mail channel: one e-mail per recipient through the configured SMTP server (or the outbox). */
import type { Mailer } from '../../../platform/mail.js';
import type { Delivered, NotificationChannel, Notice, Recipient } from './channels.js';

export class EmailChannel implements NotificationChannel {
  readonly name = 'email';

  constructor(
    private readonly mail: Mailer,
    private readonly publicUrl: string,
  ) {}

  async deliver(recipients: Recipient[], notice: Notice): Promise<Delivered> {
    const outcome: Delivered = { delivered: 0, failed: 0 };
    for (const { email } of recipients) {
      const sent = await this.mail.send({
        to: email,
        subject: notice.subject,
        text: `${notice.text}\n\nOpen Vessel Link: ${this.publicUrl}/dashboard/vessels/${notice.vesselId}/alerts`,
      });
      outcome[sent ? 'delivered' : 'failed']++;
    }
    return outcome;
  }
}
