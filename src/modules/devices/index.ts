/**
 * The devices module: what bridges report about a vessel — device inventory, current values,
 * history, locations, message sources — its commands to devices on board, and the live stream.
 * It consumes the `delta`, `devices` and `put/response` topics.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { CommandService } from './commands.js';
import { IngestService } from './ingest.js';
import { LiveStreams } from './live.js';
import { sendCommand } from './routes/commands/send.js';
import { commandStatus } from './routes/commands/status.js';
import { basicDevices } from './routes/devices/basic.js';
import { busList } from './routes/devices/bus-list.js';
import { listDevices } from './routes/devices/list.js';
import { vesselOnline } from './routes/devices/online.js';
import { propertyValues } from './routes/devices/values.js';
import { liveStream } from './routes/live/stream.js';
import { currentLocation } from './routes/location/current.js';
import { enableLocationSources } from './routes/location/enable-sources.js';
import { enabledLocationSources } from './routes/location/enabled-sources.js';
import { locationHistory } from './routes/location/history.js';
import { persistedLocationSources } from './routes/location/persisted-sources.js';
import { listMessageSources } from './routes/sources/list.js';
import { setMessageSources } from './routes/sources/set-enabled.js';
import { CommandRequests, DevicesService, SourcesService } from './service.js';
import { deviceAlertLogPage } from './routes/alerts/log-page.js';
import { deviceAlertLogs } from './routes/alerts/logs.js';
import { setPropertyWarningLevels } from './routes/alerts/warning-levels.js';
import * as repo from './repository.js';
import { MessageSources } from './sources.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    devices: { commands: CommandService; live: LiveStreams };
  }
}

export const devicesModule: Plugin<ModuleOptions> = {
  name: 'devices',
  dependencies: ['auth', 'access', 'mqtt', 'bridges', 'alerts'],
  register(server, { ctx }) {
    const broker = server.plugins.mqtt.broker;
    const access = server.plugins.access.api;
    const sources = new MessageSources(ctx.db);
    const custom = server.plugins.alerts.custom;
    custom.useProperties({ propertyOf: repo.findProperty });
    const ingest = new IngestService(ctx, sources, custom);
    const commands = new CommandService(ctx, broker);
    const live = new LiveStreams(
      ctx,
      async (request) => {
        try {
          const { credentials } = await server.auth.test('session', request);
          return credentials.user?.id ?? null;
        } catch {
          return null;
        }
      },
      access.accessOf,
    );
    server.expose('commands', commands);
    server.expose('live', live);

    broker.route('delta', (message) => ingest.onDelta(message), { ordered: false });
    broker.route('devices', (message) => ingest.onInventory(message), { ordered: true });
    broker.route('put/response', (message) => commands.onPutResponse(message), { ordered: true });
    ctx.events.on('bridge.deleted', ({ bridgeId }) => ingest.forget(bridgeId));

    server.ext('onPostStart', () => commands.start());
    // Once the broker is closed nothing new arrives: end the streams, then finish what is queued.
    server.ext(
      'onPreStop',
      async () => {
        live.stop();
        await commands.stop();
        await ingest.drained();
      },
      { after: ['mqtt'] },
    );

    const devices = new DevicesService(ctx.db, access);
    const sourceViews = new SourcesService(sources);
    const requests = new CommandRequests(ctx.db, commands);
    server.route([
      listDevices(devices),
      basicDevices(devices),
      busList(devices),
      vesselOnline(),
      propertyValues(devices),

      currentLocation(devices),
      locationHistory(devices),
      persistedLocationSources(sourceViews),
      enabledLocationSources(sourceViews),
      enableLocationSources(sourceViews),

      listMessageSources(sourceViews),
      setMessageSources(sourceViews),

      sendCommand(requests),
      commandStatus(requests),

      liveStream(live),

      setPropertyWarningLevels(ctx, ingest, access),
      deviceAlertLogs(ctx, access),
      deviceAlertLogPage(ctx, access),
    ]);
  },
};
