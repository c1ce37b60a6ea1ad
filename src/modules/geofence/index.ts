/**
 * The geofence module: a vessel's fence (a circle and a delay), its routes, and the watch that
 * holds every position a committed batch announces against it, raising and clearing the
 * vessel's geofence alarm through the alerts module's one lifecycle (`applyNotification`).
 * It owns `vessel_geofences`; who hears of a geofence alarm is the notifications module's.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { getGeofence } from './routes/get.js';
import { setGeofenceState } from './routes/set-state.js';
import { setGeofence } from './routes/set.js';
import { GeofenceWatch } from './watch.js';

export const geofenceModule: Plugin<ModuleOptions> = {
  name: 'geofence',
  dependencies: ['access', 'alerts'],
  register(server, { ctx }) {
    const geofences = new GeofenceWatch(ctx);
    server.ext('onPostStart', () => geofences.start());
    server.ext('onPreStop', () => geofences.stop());
    server.route([getGeofence(ctx), setGeofence(ctx, geofences), setGeofenceState(ctx, geofences)]);
  },
};
