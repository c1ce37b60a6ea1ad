/**
 * The devices module: what bridges report about a vessel — device inventory, current values,
 * history, locations, message sources — its commands to devices on board, and the live stream.
 * It consumes the `delta`, `devices` and `put/response` topics.
 */
import { AppSettingsService } from './app-settings/service.js';
import { createAppSetting } from './routes/app-settings/create.js';
import { deleteAppSetting } from './routes/app-settings/delete.js';
import { emptyAppSetting } from './routes/app-settings/empty.js';
import { listAppSettings } from './routes/app-settings/list.js';
import { setAppSettingImage } from './routes/app-settings/set-image.js';
import { updateAppSetting } from './routes/app-settings/update.js';
import type { Plugin } from '@hapi/hapi';
import { DEFAULT_UNIT_SYSTEM } from '../../../contracts/units.js';
import type { ModuleOptions } from '../../platform/context.js';
import { CommandService, EXPIRY_SWEEP_MS } from './commands.js';
import { HistoryExports } from './exports.js';
import { ROLLUP_EVERY_MS, Rollups } from './rollups.js';
import { COMPACTION_EVERY_MS, Compaction } from './compaction.js';
import { InterfacesService } from './interfaces/service.js';
import { BridgeSecrets } from '../bridges/api.js';
import { PropertyCadence } from './stale.js';
import { IngestService } from './ingest.js';
import { LiveStreams } from './live.js';
import { sendCommand } from './routes/commands/send.js';
import { commandStatus } from './routes/commands/status.js';
import { basicDevices } from './routes/devices/basic.js';
import { busList } from './routes/devices/bus-list.js';
import { busProperties } from './routes/devices/bus-properties.js';
import { allBuses } from './routes/devices/all-buses.js';
import { geofenceRoute } from './routes/location/geofence-route.js';
import { listDevices } from './routes/devices/list.js';
import { DeviceLists } from './device-lists.js';
import { vesselOnline } from './routes/devices/online.js';
import { propertyValues } from './routes/devices/values.js';
import { propertyCsv } from './routes/exports/property-csv.js';
import { trackGpx } from './routes/exports/track-gpx.js';
import { createInterface } from './routes/interfaces/create.js';
import { deleteInterface } from './routes/interfaces/delete.js';
import { postInterfaceDelta } from './routes/interfaces/delta.js';
import { listInterfaces } from './routes/interfaces/list.js';
import { rotateInterfaceToken } from './routes/interfaces/token.js';
import { updateInterface } from './routes/interfaces/update.js';
import { liveStream } from './routes/live/stream.js';
import { currentLocation } from './routes/location/current.js';
import { enableLocationSources } from './routes/location/enable-sources.js';
import { enabledLocationSources } from './routes/location/enabled-sources.js';
import { locationHistory } from './routes/location/history.js';
import { persistedLocationSources } from './routes/location/persisted-sources.js';
import { listMessageSources } from './routes/sources/list.js';
import { setMessageSources } from './routes/sources/set-enabled.js';
import { listSimpleDevices } from './routes/simple/list.js';
import { simpleDevicesOfType } from './routes/simple/by-type.js';
import { simpleDeviceSettings } from './routes/simple/settings.js';
import { simpleDeviceLocations } from './routes/simple/locations.js';
import { gaugeDashboard } from './routes/simple/dashboard.js';
import { simpleDeviceMetadata } from './routes/simple/metadata.js';
import { simpleDeviceTemplates } from './routes/simple/templates.js';
import { createSimpleDevice } from './routes/simple/create.js';
import { updateSimpleDevice } from './routes/simple/update.js';
import { deleteSimpleDevice } from './routes/simple/delete.js';
import { mapSimpleDeviceField } from './routes/simple/map-field.js';
import { unmapSimpleDeviceField } from './routes/simple/unmap-field.js';
import { setFieldOrder } from './routes/simple/field-order.js';
import { setIncludeInGauges } from './routes/simple/include-in-gauges.js';
import { setSimpleDeviceLocation } from './routes/simple/location.js';
import { setSimpleDevicePosition } from './routes/simple/position.js';
import { SimpleDevicesService } from './simple/service.js';
import { CommandRequests, DevicesService, SourcesService } from './service.js';
import { deviceAlertLogPage } from './routes/alerts/log-page.js';
import { deviceAlertLogs } from './routes/alerts/logs.js';
import { setPropertyWarningLevels } from './routes/alerts/warning-levels.js';
import * as repo from './repository.js';
import { MessageSources } from './sources.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    devices: {
      commands: CommandService;
      requests: CommandRequests;
      live: LiveStreams;
      cadence: PropertyCadence;
      rollups: Rollups;
      compaction: Compaction;
      /** The operator's figures read its backlog (platform/metrics.ts). */
      ingest: IngestService;
    };
  }
}

export const devicesModule: Plugin<ModuleOptions> = {
  name: 'devices',
  dependencies: ['auth', 'access', 'mqtt', 'bridges', 'alerts'],
  register(server, { ctx }) {
    const broker = server.plugins.mqtt.broker;
    const access = server.plugins.access.api;
    const accounts = server.plugins.auth.api;
    const sources = new MessageSources(ctx.db);
    const custom = server.plugins.alerts.custom;
    custom.useProperties({ propertyOf: repo.findProperty });
    const cadence = new PropertyCadence(() => ctx.now());
    const ingest = new IngestService(ctx, sources, custom, cadence);
    const commands = new CommandService(ctx, broker);
    const live = new LiveStreams(ctx, (request) => accounts.sessionUserOf(request.auth.credentials), access.accessOf);
    server.expose('commands', commands);
    server.expose('live', live);
    server.expose('cadence', cadence);
    server.expose('ingest', ingest);

    // Values sent right behind a new inventory are read against it (docs/protocol.md "Connection").
    broker.route('delta', (message) => ingest.onDelta(message), { ordered: false, after: 'devices' });
    broker.route('devices', (message) => ingest.onInventory(message), { ordered: true });
    broker.route('put/response', (message) => commands.onPutResponse(message), { ordered: true });
    ctx.events.on('bridge.deleted', ({ bridgeId }) => ingest.forget(bridgeId), { cluster: true });

    // History for charts: rolls raw history up into minutes and hours, then packs what it has read
    // into one row per series and hour; each once per cluster.
    const rollups = new Rollups(ctx.db, ctx.log, () => ctx.now());
    const compaction = new Compaction(ctx.db, ctx.log, () => ctx.now());
    server.expose('rollups', rollups);
    server.expose('compaction', compaction);
    ctx.scheduler.every('commands.expiry', EXPIRY_SWEEP_MS, () => commands.expireDue());
    // Not at start as well: a restart is when a fleet reconnects, and charts read raw samples past the job's horizon meanwhile.
    ctx.scheduler.every('history.rollups', ROLLUP_EVERY_MS, () => rollups.run());
    ctx.scheduler.every('history.compaction', COMPACTION_EVERY_MS, () => compaction.run());
    // Once the broker is closed nothing new arrives: end the streams, then finish what is queued.
    server.ext(
      'onPreStop',
      async () => {
        live.stop();
        await commands.stop();
        await rollups.stop();
        await compaction.stop();
        await ingest.drained();
      },
      { after: ['mqtt'] },
    );

    const devices = new DevicesService(ctx.db, access, cadence);
    const simple = new SimpleDevicesService(ctx.db, access.accessOf);
    const sourceViews = new SourcesService(sources);
    const requests = new CommandRequests(ctx.db, commands);
    const interfaces = new InterfacesService(
      ctx.db,
      new BridgeSecrets(ctx.config.sessionSecret),
      access.accessOf,
      (message) => ingest.onDelta(message),
      ctx.limits,
    );
    const exports = new HistoryExports(ctx.db, access, async (userId) => (await accounts.findUser(userId))?.preferences.unitSystem ?? DEFAULT_UNIT_SYSTEM);
    // Routines send their commands the way a user's sendCommand does.
    server.expose('requests', requests);
    const appSettings = new AppSettingsService(ctx.db);
    server.route([
      listDevices(
        new DeviceLists(
          (bridge) => devices.devices(bridge),
          cadence,
          ctx.events,
          () => ctx.now(),
        ),
      ),
      basicDevices(devices),
      busList(devices),
      busProperties(devices),
      allBuses(),
      vesselOnline(),
      propertyValues(devices),
      listSimpleDevices(simple),
      simpleDevicesOfType(simple),
      simpleDeviceSettings(simple),
      simpleDeviceLocations(simple),
      gaugeDashboard(simple),
      simpleDeviceMetadata(simple),
      simpleDeviceTemplates(simple),
      createSimpleDevice(simple),
      updateSimpleDevice(simple),
      deleteSimpleDevice(simple),
      mapSimpleDeviceField(simple),
      unmapSimpleDeviceField(simple),
      setFieldOrder(simple),
      setIncludeInGauges(simple),
      setSimpleDeviceLocation(simple),
      setSimpleDevicePosition(simple),

      currentLocation(devices),
      locationHistory(devices),
      geofenceRoute(devices),
      trackGpx(exports),
      propertyCsv(exports),
      persistedLocationSources(sourceViews),
      enabledLocationSources(sourceViews),
      enableLocationSources(sourceViews),

      listAppSettings(appSettings),
      emptyAppSetting(appSettings),
      createAppSetting(appSettings),
      updateAppSetting(appSettings),
      deleteAppSetting(appSettings),
      setAppSettingImage(appSettings, ctx.config),

      listInterfaces(interfaces),
      createInterface(interfaces),
      updateInterface(interfaces),
      deleteInterface(interfaces),
      rotateInterfaceToken(interfaces),
      postInterfaceDelta(interfaces),

      listMessageSources(sourceViews),
      setMessageSources(sourceViews),

      sendCommand(requests, access),
      commandStatus(requests),

      liveStream(live),

      setPropertyWarningLevels(ctx, ingest, access),
      deviceAlertLogs(ctx, access),
      deviceAlertLogPage(ctx, access),
    ]);
  },
};
