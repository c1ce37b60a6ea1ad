/**
 * The push channel: each recipient's subscribed devices get the notice as a Web Push message,
 * urgent from alarm up, with an acknowledgement key for the alarm (push/ack-token.ts). A device
 * the push service reports gone is forgotten; one that fails otherwise is kept and logged (the
 * push service may be down for a while, the other channels still carry the alarm). Each message
 * of an alarm keeps a delivery receipt: accepted once the push service answers 2xx, failed with
 * its answer otherwise; the notification opens the alarm through its tracked link (opened).
 */
import type { PushMessage } from '../../../../contracts/alerts.js';
import type { AppContext } from '../../../platform/context.js';
import { translator } from '../../../platform/i18n.js';
import type { AckTokens } from '../push/ack-token.js';
import { openPath, type DeliveryReceipts } from '../receipts/receipts.js';
import { deleteSubscription, markSent, subscriptionsOf } from '../push/repository.js';
import type { PushOutcome, PushSender } from '../push/sender.js';
import { wordsFor, type Delivered, type NotificationChannel, type Notice, type Recipient } from './channels.js';
import { rankOf } from './preferences.js';

/** A push service keeps an undelivered alarm this long for a phone that is off. */
const PUSH_TTL_SECONDS = 6 * 3600;
const BODY_MAX = 400;

export class PushChannel implements NotificationChannel {
  readonly name = 'push';

  constructor(
    private readonly ctx: AppContext,
    private readonly sender: PushSender,
    private readonly tokens: AckTokens,
    private readonly now: () => number,
    private readonly receipts: DeliveryReceipts,
  ) {}

  async deliver(recipients: Recipient[], notice: Notice): Promise<Delivered> {
    const outcome: Delivered = { delivered: 0, failed: 0 };
    if (!this.sender.publicKey) return outcome;
    const devices = await subscriptionsOf(
      this.ctx.db,
      recipients.map((r) => r.userId),
    );
    const byUser = new Map(recipients.map((recipient) => [recipient.userId, recipient]));
    const urgency = rankOf(notice.priority) >= rankOf('alarm') ? 'high' : 'normal';
    await Promise.all(
      devices.map(async (device) => {
        const receipt = await this.receipts.queue(notice, { userId: device.userId, channel: 'push', target: device.label, pushSubscriptionId: device.id });
        const recipient = byUser.get(device.userId) ?? { language: 'en' as const, timeZone: 'UTC' };
        const words = wordsFor(notice, recipient);
        const t = translator(recipient.language);
        const message: PushMessage = {
          title: words.subject,
          body: words.text.length > BODY_MAX ? `${words.text.slice(0, BODY_MAX - 1)}…` : words.text,
          priority: notice.priority,
          vesselId: notice.vesselId,
          alertId: notice.alertId ?? null,
          url: receipt?.linkToken ? openPath(receipt.linkToken) : `/dashboard/vessels/${notice.vesselId}/alerts`,
          actions: { acknowledge: t('push.acknowledge'), open: t('push.open') },
          ackToken:
            notice.alertId === undefined
              ? null
              : this.tokens.sign({ userId: device.userId, alertId: notice.alertId, vesselId: notice.vesselId, deliveryId: receipt?.ids[0] }, this.now()),
        };
        let sent: PushOutcome = 'failed';
        await this.receipts.sent(receipt);
        try {
          sent = await this.sender.send(device, JSON.stringify(message), { urgency, ttlSeconds: PUSH_TTL_SECONDS });
          if (sent === 'gone') {
            await deleteSubscription(this.ctx.db, device.id);
            await this.receipts.failed(receipt, 'The push service no longer knows this device (unsubscribed); it was removed');
          } else if (sent === 'sent') {
            await markSent(this.ctx.db, device.id, new Date(this.now()).toISOString());
            await this.receipts.accepted(receipt);
          } else await this.receipts.failed(receipt, 'Push is not configured on this server');
        } catch (err) {
          this.ctx.log.warn('a push message could not be sent', { subscriptionId: device.id, error: err });
          await this.receipts.failed(receipt, (err as Error).message);
        }
        // A device gone is its user's doing: neither delivered nor a failure to alert on.
        if (sent !== 'gone') outcome[sent === 'sent' ? 'delivered' : 'failed']++;
      }),
    );
    return outcome;
  }
}
