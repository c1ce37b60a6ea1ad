/**
 * The alerts module: vessel alerts raised and cleared by the Signal K notifications bridges
 * send, by warning levels and custom alerts (both judged by the devices module's ingest through
 * api.ts) and by the geofence, whose watch judges the positions each committed batch announces.
 * Whatever raised them, alerts share one lifecycle (acknowledged, silenced, rectified, cleared)
 * (shelving, vessel modes, the escalation ladder) and reach people through the registered
 * channels (e-mail, and push to the devices people subscribed) as each person's own notification settings allow. A vessel whose bridge
 * falls silent raises a no-data alarm.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { CustomAlerts } from './custom/watch.js';
import { AlarmDelivery } from './delivery/delivery.js';
import { EmailChannel } from './delivery/email.js';
import { PushChannel } from './delivery/push.js';
import { GeofenceWatch } from './geofence/watch.js';
import { AlertLifecycle, SILENCE_SWEEP_MS } from './lifecycle.js';
import { NoDataWatch } from './no-data.js';
import { AckTokens } from './push/ack-token.js';
import { pushSenderOf } from './push/sender.js';
import { addAlertLogNote } from './routes/alert-logs/add-note.js';
import { acknowledgeAlert } from './routes/alerts/ack.js';
import { activeAlerts } from './routes/alerts/active.js';
import { alertHistoryPage } from './routes/alerts/history.js';
import { listAlerts } from './routes/alerts/list.js';
import { muteAlerts } from './routes/alerts/mute.js';
import { silenceAllAlerts } from './routes/alerts/silence-all.js';
import { silenceAlert } from './routes/alerts/silence.js';
import { shelveAlert } from './routes/alerts/shelve.js';
import { shelvedAlerts } from './routes/alerts/shelved.js';
import { unshelveAlert } from './routes/alerts/unshelve.js';
import { createCustomAlert } from './routes/custom-alerts/create.js';
import { deleteCustomAlert } from './routes/custom-alerts/delete.js';
import { getCustomAlert } from './routes/custom-alerts/get.js';
import { listCustomAlerts } from './routes/custom-alerts/list.js';
import { pauseCustomAlert } from './routes/custom-alerts/pause.js';
import { replaceCustomAlert } from './routes/custom-alerts/replace.js';
import { getGeofence } from './routes/geofence/get.js';
import { setGeofenceState } from './routes/geofence/set-state.js';
import { setGeofence } from './routes/geofence/set.js';
import { getEscalation, putEscalation } from './routes/settings/escalation.js';
import { geofenceNotifyPermissions, setGeofenceNotifyRoute } from './routes/settings/geofence-notify.js';
import { getAlarmSettings } from './routes/settings/get-vessel.js';
import { getOwnNotifications, setOwnNotifications } from './routes/settings/own-notifications.js';
import { getNotificationSettings, setNotificationSettings } from './routes/settings/profile.js';
import { putAlarmSettings } from './routes/settings/put-vessel.js';
import { acknowledgeFromNotification } from './routes/push/ack.js';
import { listPushSubscriptions } from './routes/push/list.js';
import { subscribePush } from './routes/push/subscribe.js';
import { unsubscribePush } from './routes/push/unsubscribe.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    alerts: { lifecycle: AlertLifecycle; custom: CustomAlerts; delivery: AlarmDelivery; noData: NoDataWatch };
  }
}

/** How often no-data alarms and due escalation steps are looked for. */
const SWEEP_MS = 5000;

export const alertsModule: Plugin<ModuleOptions> = {
  name: 'alerts',
  dependencies: ['auth', 'access', 'vessel'],
  register(server, { ctx }) {
    const geofences = new GeofenceWatch(ctx);
    const lifecycle = new AlertLifecycle(ctx);
    const custom = new CustomAlerts(ctx);
    server.expose('lifecycle', lifecycle);
    server.expose('custom', custom);
    const auth = server.plugins.auth.api;
    const clock = () => lifecycle.now();
    const delivery = new AlarmDelivery(ctx, (ids) => auth.usersByIds(ids), clock);
    // The channels (docs/architecture.md, "Alarm delivery"): one file and one line each.
    delivery.register(new EmailChannel(ctx.mail, ctx.config.publicUrl));
    const push = pushSenderOf(ctx.config);
    const ackTokens = new AckTokens(ctx.config.sessionSecret);
    delivery.register(new PushChannel(ctx, push, ackTokens, clock));
    server.expose('delivery', delivery);
    const noData = new NoDataWatch(ctx, clock);
    server.expose('noData', noData);
    ctx.events.on('vessel.alert', ({ vesselId, alert }) => delivery.onChange(vesselId, alert));
    // Every node hears every vessel's data and every no-data alarm change (docs/scaling.md), so
    // whichever node the scheduler picks judges the whole fleet, once per cluster.
    ctx.events.on(
      'vessel.batch',
      ({ vesselId, batch }) => {
        if (batch.values.length || batch.positions.length) noData.seen(vesselId);
      },
      { cluster: true },
    );
    ctx.events.on('vessel.alert', ({ vesselId, alert }) => noData.onAlert(vesselId, alert), { cluster: true });
    ctx.scheduler.every('alerts.no-data', SWEEP_MS, () => noData.sweep());
    ctx.scheduler.every('alerts.escalation', SWEEP_MS, () => delivery.escalate());
    ctx.scheduler.every('alerts.silences', SILENCE_SWEEP_MS, () => lifecycle.sweep());
    ctx.events.on('bridge.deleted', ({ bridgeId }) => custom.forget(bridgeId), { cluster: true });
    // A bridge paired or unpaired judges its values by another vessel's rules, or by none.
    ctx.events.on('bridge.paired', ({ bridgeId }) => custom.forget(bridgeId), { cluster: true });
    server.ext('onPostStart', () => {
      geofences.start();
      delivery.start();
    });
    server.ext('onPreStop', () => {
      geofences.stop();
      delivery.stop();
      return delivery.idle();
    });
    const access = server.plugins.access.api;
    server.route([
      listAlerts(ctx, lifecycle),
      acknowledgeAlert(ctx, lifecycle),
      silenceAlert(ctx, lifecycle),
      silenceAllAlerts(lifecycle),
      shelveAlert(ctx, lifecycle),
      unshelveAlert(ctx, lifecycle),
      shelvedAlerts(ctx),
      muteAlerts(ctx),
      getOwnNotifications(ctx),
      setOwnNotifications(ctx),
      getAlarmSettings(ctx),
      putAlarmSettings(ctx, clock),
      getEscalation(ctx),
      putEscalation(ctx),
      geofenceNotifyPermissions(ctx),
      setGeofenceNotifyRoute(ctx),
      getNotificationSettings(ctx),
      setNotificationSettings(ctx, clock),
      activeAlerts(ctx, lifecycle, access),
      alertHistoryPage(ctx, lifecycle, access),

      getGeofence(ctx),
      setGeofence(ctx, geofences),
      setGeofenceState(ctx, geofences),

      addAlertLogNote(ctx, lifecycle, access),

      listPushSubscriptions(ctx, push),
      subscribePush(ctx, push, clock),
      unsubscribePush(ctx),
      acknowledgeFromNotification(ctx, lifecycle, access, ackTokens),

      createCustomAlert(ctx, custom),
      listCustomAlerts(ctx),
      getCustomAlert(ctx),
      replaceCustomAlert(ctx, custom),
      deleteCustomAlert(ctx, custom),
      pauseCustomAlert(ctx, custom),
    ]);
  },
};
