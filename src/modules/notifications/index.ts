/**
 * The notifications module: how alarms reach people away from the app (docs/architecture.md,
 * "Alarm delivery"). Every alarm change the alerts module announces (`vessel.alert`) goes to the
 * people it concerns through the registered channels (e-mail, and push to the devices people
 * subscribed; a text or a voice call to a verified phone number when a ladder step or the
 * person's follow-up names it), as each person's own settings allow, up the vessel's escalation ladder when it
 * has one. Its routes are each person's notification settings, the ladder, geofence
 * notifications, muting a vessel, push subscriptions with the acknowledgement from a push, and
 * each alarm's delivery receipts (receipts/: what became of every notification, and the tracked
 * link that records one opened), the phone number verified by a code, and the SMS provider's
 * callbacks (a reply or a keypress acknowledges).
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import type { NotificationsApi } from './api.js';
import { AlarmDelivery } from './delivery/delivery.js';
import { EmailChannel } from './delivery/email.js';
import { PhoneChannel } from './delivery/phone.js';
import { PushChannel } from './delivery/push.js';
import { AckTokens } from './push/ack-token.js';
import { pushSenderOf } from './push/sender.js';
import { reachedAlertIds } from './receipts/repository.js';
import { DeliveryReceipts } from './receipts/receipts.js';
import { listDeliveries } from './routes/receipts/list.js';
import { openDelivery } from './routes/receipts/open.js';
import { acknowledgeFromNotification } from './routes/push/ack.js';
import { listPushSubscriptions } from './routes/push/list.js';
import { subscribePush } from './routes/push/subscribe.js';
import { unsubscribePush } from './routes/push/unsubscribe.js';
import { getEscalation, putEscalation } from './routes/settings/escalation.js';
import { geofenceNotifyPermissions, setGeofenceNotifyRoute } from './routes/settings/geofence-notify.js';
import { muteAlerts } from './routes/settings/mute.js';
import { getOwnNotifications, setOwnNotifications } from './routes/settings/own-notifications.js';
import { getNotificationSettings, setNotificationSettings } from './routes/settings/profile.js';
import { addPhone } from './routes/phone/add.js';
import { setPhoneFollowUp } from './routes/phone/follow-up.js';
import { voiceGather } from './routes/phone/gather.js';
import { getPhone } from './routes/phone/get.js';
import { smsInbound } from './routes/phone/inbound.js';
import { removePhone } from './routes/phone/remove.js';
import { verifyPhone } from './routes/phone/verify.js';
import { readerOf } from '../../platform/i18n.js';
import { phoneProviderOf } from '../../platform/sms.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    notifications: { api: NotificationsApi; delivery: AlarmDelivery };
  }
}

/** How often due escalation steps are looked for. */
const SWEEP_MS = 5000;

export const notificationsModule: Plugin<ModuleOptions> = {
  name: 'notifications',
  dependencies: ['auth', 'access', 'alerts'],
  register(server, { ctx }) {
    const alerts = server.plugins.alerts.api;
    const auth = server.plugins.auth.api;
    // The server's clock, which tests move: an escalation step is due by the alarm's time.
    const clock = () => ctx.clock.now();
    const receipts = new DeliveryReceipts(ctx.db, clock, (ids) => auth.usersByIds(ids));
    const phones = phoneProviderOf(ctx.config);
    const delivery = new AlarmDelivery(ctx, (ids) => auth.usersByIds(ids), clock, receipts, phones.configured);
    // The alert history's "nobody reached" filter asks which alarms a delivery reached.
    alerts.useReach({ reachedAlertIds: (db) => reachedAlertIds(db) });
    // The channels (docs/architecture.md, "Alarm delivery"): one file and one line each.
    delivery.register(new EmailChannel(ctx.mail, ctx.config.publicUrl, receipts));
    const push = pushSenderOf(ctx.config);
    const ackTokens = new AckTokens(ctx.config.sessionSecret);
    delivery.register(new PushChannel(ctx, push, ackTokens, clock, receipts));
    // Only when named: a ladder step's channel, a person's follow-up (docs/decisions.md, "SMS and voice").
    delivery.register(new PhoneChannel('sms', ctx, phones, ackTokens, clock, receipts));
    delivery.register(new PhoneChannel('voice', ctx, phones, ackTokens, clock, receipts));
    // Who a text or a call answers, in their language (docs/i18n.md).
    const readerOfUser = async (userId: number) => readerOf((await auth.usersByIds([userId])).get(userId));
    const acks = { lifecycle: alerts.lifecycle, access: server.plugins.access.api, receipts, readerOf: readerOfUser };
    server.expose('delivery', delivery);
    server.expose('api', { notify: (vesselId, notice, userIds) => delivery.notify(vesselId, notice, userIds) } satisfies NotificationsApi);
    ctx.events.on('vessel.alert', ({ vesselId, alert }) => delivery.onChange(vesselId, alert));
    ctx.scheduler.every('alerts.escalation', SWEEP_MS, () => delivery.escalate());
    server.ext('onPostStart', () => delivery.start());
    server.ext('onPreStop', () => {
      delivery.stop();
      return delivery.idle();
    });
    server.route([
      getOwnNotifications(ctx),
      setOwnNotifications(ctx),
      muteAlerts(ctx),
      getEscalation(ctx),
      putEscalation(ctx),
      geofenceNotifyPermissions(ctx),
      setGeofenceNotifyRoute(ctx),
      getNotificationSettings(ctx),
      setNotificationSettings(ctx, clock),
      listPushSubscriptions(ctx, push),
      subscribePush(ctx, push, clock),
      unsubscribePush(ctx),
      acknowledgeFromNotification(ctx, alerts.lifecycle, server.plugins.access.api, ackTokens, receipts),
      listDeliveries(ctx, receipts),
      openDelivery(receipts),
      getPhone(ctx, phones),
      addPhone(ctx, phones, clock, readerOfUser),
      verifyPhone(ctx, clock),
      setPhoneFollowUp(ctx, phones, clock),
      removePhone(ctx, phones),
      smsInbound(ctx, phones, acks),
      voiceGather(ctx, phones, ackTokens, acks),
    ]);
  },
};
