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
import { addAlertLogNote } from './routes/alert-log-note.js';
import { alertRoutes } from './routes/alerts.js';
import { customAlertRoutes } from './routes/custom-alerts.js';
import { geofenceRoutes } from './routes/geofence.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    alerts: { lifecycle: AlertLifecycle; custom: CustomAlerts; delivery: AlarmDelivery };
  }
}

export const alertsModule: Plugin<ModuleOptions> = {
  name: 'alerts',
  dependencies: ['auth', 'vessel'],
  register(server, { ctx }) {
    const geofences = new GeofenceWatch(ctx);
    const lifecycle = new AlertLifecycle(ctx);
    const custom = new CustomAlerts(ctx);
    server.expose('lifecycle', lifecycle);
    server.expose('custom', custom);
    const auth = server.plugins.auth.api;
    const delivery = new AlarmDelivery(ctx, [new EmailChannel(ctx.mail, ctx.config.publicUrl)], (ids) => auth.usersByIds(ids), () => lifecycle.now());
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
    server.route([...alertRoutes(ctx, lifecycle), ...geofenceRoutes(ctx, geofences), addAlertLogNote(ctx, lifecycle), ...customAlertRoutes(ctx, custom)]);
  },
};
