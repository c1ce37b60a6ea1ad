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
import { deviceAlertLogPage, deviceAlertLogs } from './routes/alert-logs.js';
import { commandRoutes } from './routes/commands.js';
import { deviceRoutes } from './routes/devices.js';
import { liveRoutes } from './routes/live.js';
import { locationRoutes } from './routes/location.js';
import { sourceRoutes } from './routes/sources.js';
import { setPropertyWarningLevels } from './routes/warning-levels.js';
import * as repo from './repository.js';
import { MessageSources } from './sources.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    devices: { commands: CommandService; live: LiveStreams };
  }
}

export const devicesModule: Plugin<ModuleOptions> = {
  name: 'devices',
  dependencies: ['auth', 'mqtt', 'bridges', 'alerts'],
  register(server, { ctx }) {
    const broker = server.plugins.mqtt.broker;
    const sources = new MessageSources(ctx.db);
    const custom = server.plugins.alerts.custom;
    custom.useProperties({ propertyOf: repo.findProperty });
    const ingest = new IngestService(ctx, sources, custom);
    const commands = new CommandService(ctx, broker);
    const live = new LiveStreams(ctx, async (request) => {
      try {
        const { credentials } = await server.auth.test('session', request);
        return (credentials as { user: { id: number } }).user.id;
      } catch {
        return null;
      }
    });
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

    server.route([...deviceRoutes(ctx), ...locationRoutes(ctx, sources), ...sourceRoutes(ctx, sources), ...commandRoutes(ctx, commands), ...liveRoutes(ctx, live), setPropertyWarningLevels(ctx, ingest), deviceAlertLogs(ctx), deviceAlertLogPage(ctx)]);
  },
};
