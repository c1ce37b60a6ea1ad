/**
 * The alerts module: vessel alerts raised and cleared by the Signal K notifications bridges
 * send (applied by the devices module's ingest through api.ts), acknowledged and silenced here;
 * and the geofence, whose watch raises and clears the geofence alarm from the positions each
 * committed batch announces.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { CustomAlerts } from './custom/watch.js';
import { GeofenceWatch } from './geofence/watch.js';
import { AlertLifecycle } from './lifecycle.js';
import { addAlertLogNote } from './routes/alert-log-note.js';
import { alertRoutes } from './routes/alerts.js';
import { customAlertRoutes } from './routes/custom-alerts.js';
import { geofenceRoutes } from './routes/geofence.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    alerts: { lifecycle: AlertLifecycle; custom: CustomAlerts };
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
    ctx.events.on('bridge.deleted', ({ bridgeId }) => custom.forget(bridgeId));
    server.ext('onPostStart', () => {
      geofences.start();
      lifecycle.start();
    });
    server.ext('onPreStop', () => {
      geofences.stop();
      lifecycle.stop();
    });
    server.route([...alertRoutes(ctx, lifecycle), ...geofenceRoutes(ctx, geofences), addAlertLogNote(ctx, lifecycle), ...customAlertRoutes(ctx, custom)]);
  },
};
