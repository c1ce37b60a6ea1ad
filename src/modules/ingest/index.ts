/**
 * The ingest module: what bridges send on the `delta` topic, and interfaces post over HTTP, on
 * its way to storage and to everyone watching — checked, committed in groups through the
 * telemetry module's value store, judged by the alerts module's notifications, warning levels and
 * custom alerts, and announced once per vessel and batch (`vessel.batch`). It owns the interfaces
 * (`vessel_interfaces`): third-party systems posting Signal K deltas with a token of their own.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { BridgeSecrets } from '../bridges/api.js';
import type { IngestApi } from './api.js';
import { IngestService } from './ingest.js';
import { InterfacesService } from './interfaces/service.js';
import { createInterface } from './routes/interfaces/create.js';
import { deleteInterface } from './routes/interfaces/delete.js';
import { postInterfaceDelta } from './routes/interfaces/delta.js';
import { listInterfaces } from './routes/interfaces/list.js';
import { rotateInterfaceToken } from './routes/interfaces/token.js';
import { updateInterface } from './routes/interfaces/update.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    ingest: { api: IngestApi };
  }
}

export const ingestModule: Plugin<ModuleOptions> = {
  name: 'ingest',
  dependencies: ['access', 'mqtt', 'alerts', 'telemetry', 'devices'],
  register(server, { ctx }) {
    const broker = server.plugins.mqtt.api;
    const alerts = server.plugins.alerts.api;
    const ingest = new IngestService(ctx, server.plugins.telemetry.api, server.plugins.devices.api.inventory, alerts);
    server.expose('api', {
      get queued() {
        return ingest.queued;
      },
    } satisfies IngestApi);
    // Values sent right behind a new inventory are read against it (docs/protocol.md "Connection").
    broker.route('delta', (message) => ingest.onDelta(message), { ordered: false, after: 'devices' });
    // A property's warning levels changed: its current value is judged through the commit queue.
    alerts.levels.rejudgeThrough((bridgeId, path) => ingest.rejudge(bridgeId, path));
    // Once the broker is closed nothing new arrives: finish what is queued.
    server.ext('onPreStop', () => ingest.drained(), { after: ['mqtt'] });

    const access = server.plugins.access.api;
    const interfaces = new InterfacesService(
      ctx.db,
      new BridgeSecrets(ctx.config.sessionSecret),
      access.accessOf,
      (message) => ingest.onDelta(message),
      ctx.limits,
    );
    access.registerEntity('interface', { notFound: 'Interface not found', vesselOf: (id) => interfaces.vesselOf(id) });
    server.route([
      listInterfaces(interfaces),
      createInterface(interfaces),
      updateInterface(interfaces),
      deleteInterface(interfaces),
      rotateInterfaceToken(interfaces),
      postInterfaceDelta(interfaces),
    ]);
  },
};
