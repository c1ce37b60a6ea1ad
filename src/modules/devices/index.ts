/**
 * The devices module: what each bridge has on board — its device inventory (the `devices` topic,
 * and paths described from the Signal K schema when a bridge reports none), the devices with
 * their current values and warning levels, a property's history and the exports, and the
 * vessel's live stream. Values come from the telemetry module, warning levels from the alerts
 * module, which asks this one about properties in turn (handed over at registration).
 */
import type { Plugin } from '@hapi/hapi';
import { DEFAULT_UNIT_SYSTEM } from '../../../contracts/units.js';
import type { ModuleOptions } from '../../platform/context.js';
import { vesselIdsOfBridges } from '../bridges/api.js';
import type { DevicesApi } from './api.js';
import { DeviceLists } from './device-lists.js';
import { HistoryExports } from './exports.js';
import { Inventory } from './inventory.js';
import { LiveStreams } from './live.js';
import * as repo from './repository.js';
import { basicDevices } from './routes/devices/basic.js';
import { busProperties } from './routes/devices/bus-properties.js';
import { listDevices } from './routes/devices/list.js';
import { vesselOnline } from './routes/devices/online.js';
import { propertyValues } from './routes/devices/values.js';
import { propertyCsv } from './routes/exports/property-csv.js';
import { trackGpx } from './routes/exports/track-gpx.js';
import { liveStream } from './routes/live/stream.js';
import { DevicesService } from './service.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    devices: { api: DevicesApi; live: LiveStreams };
  }
}

export const devicesModule: Plugin<ModuleOptions> = {
  name: 'devices',
  dependencies: ['auth', 'access', 'mqtt', 'alerts', 'telemetry'],
  register(server, { ctx }) {
    const broker = server.plugins.mqtt.api;
    const access = server.plugins.access.api;
    const accounts = server.plugins.auth.api;
    const alerts = server.plugins.alerts.api;
    const { cadence } = server.plugins.telemetry.api;

    const inventory = new Inventory(ctx, (bridgeId) => alerts.levels.forget(bridgeId));
    server.expose('api', { inventory } satisfies DevicesApi);
    broker.route('devices', (message) => inventory.onInventory(message), { ordered: true });
    for (const event of ['bridge.deleted', 'bridge.paired'] as const) ctx.events.on(event, ({ bridgeId }) => inventory.forget(bridgeId), { cluster: true });
    alerts.useProperties({
      propertyOf: repo.findProperty,
      propertiesOf: repo.propertiesOfBridge,
      deviceOf: repo.deviceWithPaths,
      namedPaths: repo.propertiesWithDevice,
    });

    // A property and a device belong to the vessel their bridge is paired with.
    const vesselOfBridge = async (bridgeId: number | null) =>
      bridgeId === null ? null : ((await vesselIdsOfBridges(ctx.db, [bridgeId])).get(bridgeId) ?? null);
    access.registerEntity('property', {
      notFound: 'Property not found',
      vesselOf: async (id) => vesselOfBridge((await repo.findProperty(ctx.db, id))?.bridgeId ?? null),
    });
    access.registerEntity('device', { notFound: 'Device not found', vesselOf: async (id) => vesselOfBridge(await repo.bridgeOfDevice(ctx.db, id)) });

    const live = new LiveStreams(ctx, (request) => accounts.sessionUserOf(request.auth.credentials), access.accessOf);
    server.expose('live', live);
    // Once the broker is closed nothing new arrives: end the streams.
    server.ext('onPreStop', () => live.stop(), { after: ['mqtt'] });

    const devices = new DevicesService(ctx.db, access, cadence, ctx.clock);
    const exports = new HistoryExports(
      ctx.db,
      access,
      async (userId) => (await accounts.findUser(userId))?.preferences.unitSystem ?? DEFAULT_UNIT_SYSTEM,
      ctx.clock,
    );
    server.route([
      listDevices(
        new DeviceLists(
          (bridge) => devices.devices(bridge),
          cadence,
          ctx.events,
          () => ctx.clock.now(),
        ),
      ),
      basicDevices(devices),
      busProperties(devices),
      vesselOnline(),
      propertyValues(devices),
      trackGpx(exports),
      propertyCsv(exports),
      liveStream(live),
    ]);
  },
};
