/**
 * How an alarm reaches people away from the app. E-mail is the one channel today; push is
 * another `NotificationChannel` when it comes.
 */
import type { Mailer } from '../../../platform/mail.js';

export interface Recipient {
  userId: number;
  email: string;
}

/** One notice: an alarm raised or sounding again, or a flood of them grouped. */
export interface Notice {
  vesselName: string;
  subject: string;
  text: string;
}

export interface NotificationChannel {
  name: string;
  deliver(recipients: Recipient[], notice: Notice): Promise<void>;
}

export class EmailChannel implements NotificationChannel {
  readonly name = 'email';

  constructor(
    private readonly mail: Mailer,
    private readonly publicUrl: string,
  ) {}

  async deliver(recipients: Recipient[], notice: Notice): Promise<void> {
    for (const { email } of recipients)
      await this.mail.send({ to: email, subject: notice.subject, text: `${notice.text}\n\nOpen Vessel Link: ${this.publicUrl}/` });
  }
}
