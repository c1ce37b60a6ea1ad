/**
 * The alerts module: vessel alerts raised and cleared by the Signal K notifications bridges
 * send, by warning levels and custom alerts (both judged by the devices module's ingest through
 * api.ts) and by the geofence, whose watch judges the positions each committed batch announces.
 * Whatever raised them, alerts share one lifecycle (acknowledged, silenced, rectified, cleared)
 * and reach the crew by e-mail.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { CustomAlerts } from './custom/watch.js';
import { EmailChannel } from './delivery/channels.js';
import { AlarmDelivery } from './delivery/delivery.js';
import { GeofenceWatch } from './geofence/watch.js';
import { AlertLifecycle } from './lifecycle.js';
import { addAlertLogNote } from './routes/alert-logs/add-note.js';
import { acknowledgeAlert } from './routes/alerts/ack.js';
import { activeAlerts } from './routes/alerts/active.js';
import { alertHistoryPage } from './routes/alerts/history.js';
import { listAlerts } from './routes/alerts/list.js';
import { muteAlerts } from './routes/alerts/mute.js';
import { silenceAllAlerts } from './routes/alerts/silence-all.js';
import { silenceAlert } from './routes/alerts/silence.js';
import { createCustomAlert } from './routes/custom-alerts/create.js';
import { deleteCustomAlert } from './routes/custom-alerts/delete.js';
import { getCustomAlert } from './routes/custom-alerts/get.js';
import { listCustomAlerts } from './routes/custom-alerts/list.js';
import { pauseCustomAlert } from './routes/custom-alerts/pause.js';
import { replaceCustomAlert } from './routes/custom-alerts/replace.js';
import { getGeofence } from './routes/geofence/get.js';
import { setGeofenceState } from './routes/geofence/set-state.js';
import { setGeofence } from './routes/geofence/set.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    alerts: { lifecycle: AlertLifecycle; custom: CustomAlerts; delivery: AlarmDelivery };
  }
}

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
    const delivery = new AlarmDelivery(
      ctx,
      [new EmailChannel(ctx.mail, ctx.config.publicUrl)],
      (ids) => auth.usersByIds(ids),
      () => lifecycle.now(),
    );
    server.expose('delivery', delivery);
    ctx.events.on('vessel.alert', ({ vesselId, alert }) => delivery.onChange(vesselId, alert));
    ctx.events.on('bridge.deleted', ({ bridgeId }) => custom.forget(bridgeId));
    server.ext('onPostStart', () => {
      geofences.start();
      lifecycle.start();
      delivery.start();
    });
    server.ext('onPreStop', () => {
      geofences.stop();
      lifecycle.stop();
      delivery.stop();
      return delivery.idle();
    });
    const access = server.plugins.access.api;
    server.route([
      listAlerts(ctx, lifecycle),
      acknowledgeAlert(ctx, lifecycle),
      silenceAlert(ctx, lifecycle),
      silenceAllAlerts(lifecycle),
      muteAlerts(ctx),
      activeAlerts(ctx, lifecycle, access),
      alertHistoryPage(ctx, lifecycle, access),

      getGeofence(ctx),
      setGeofence(ctx, geofences),
      setGeofenceState(ctx, geofences),

      addAlertLogNote(ctx, lifecycle, access),

      createCustomAlert(ctx, custom),
      listCustomAlerts(ctx),
      getCustomAlert(ctx),
      replaceCustomAlert(ctx, custom),
      deleteCustomAlert(ctx, custom),
      pauseCustomAlert(ctx, custom),
    ]);
  },
};
