/**
 * The telemetry module: what bridges report, stored — each series' current value and history,
 * positions, message sources and the receipts of what was stored — written by the ingest through
 * the value store, read back as current values, charts, tracks and exports; the rollup and
 * compaction jobs that keep history readable, and the routes of locations and message sources.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import type { TelemetryApi } from './api.js';
import { COMPACTION_EVERY_MS, Compaction } from './compaction.js';
import { ROLLUP_EVERY_MS, Rollups } from './rollups.js';
import { currentLocation } from './routes/location/current.js';
import { enableLocationSources } from './routes/location/enable-sources.js';
import { enabledLocationSources } from './routes/location/enabled-sources.js';
import { geofenceRoute } from './routes/location/geofence-route.js';
import { locationHistory } from './routes/location/history.js';
import { persistedLocationSources } from './routes/location/persisted-sources.js';
import { allBuses } from './routes/sources/all-buses.js';
import { busList } from './routes/sources/bus-list.js';
import { listMessageSources } from './routes/sources/list.js';
import { setMessageSources } from './routes/sources/set-enabled.js';
import { LocationService, SourcesService } from './service.js';
import { MessageSources } from './sources.js';
import { PropertyCadence } from './stale.js';
import { createValueStore } from './value-store/index.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    telemetry: { api: TelemetryApi; rollups: Rollups; compaction: Compaction };
  }
}

export const telemetryModule: Plugin<ModuleOptions> = {
  name: 'telemetry',
  dependencies: ['access', 'mqtt'],
  register(server, { ctx }) {
    const api: TelemetryApi = { store: createValueStore(ctx.db), sources: new MessageSources(ctx.db), cadence: new PropertyCadence(() => ctx.clock.now()) };
    server.expose('api', api);
    // A bridge deleted, paired or unpaired: what is kept of it is loaded again when it next reports.
    const forget = ({ bridgeId }: { bridgeId: number }) => {
      api.store.forget(bridgeId);
      api.sources.forget(bridgeId);
      api.cadence.forget(bridgeId);
    };
    ctx.events.on('bridge.deleted', forget, { cluster: true });
    ctx.events.on('bridge.paired', forget, { cluster: true });

    // History for charts: rolls raw history up into minutes and hours, then packs what it has read
    // into one row per series and hour; each once per cluster.
    const rollups = new Rollups(ctx.db, ctx.log, () => ctx.clock.now());
    const compaction = new Compaction(ctx.db, ctx.log, () => ctx.clock.now());
    server.expose('rollups', rollups);
    server.expose('compaction', compaction);
    // Not at start as well: a restart is when a fleet reconnects, and charts read raw samples past the job's horizon meanwhile.
    ctx.scheduler.every('history.rollups', ROLLUP_EVERY_MS, () => rollups.run());
    ctx.scheduler.every('history.compaction', COMPACTION_EVERY_MS, () => compaction.run());
    server.ext(
      'onPreStop',
      async () => {
        await rollups.stop();
        await compaction.stop();
      },
      { after: ['mqtt'] },
    );

    const access = server.plugins.access.api;
    const locations = new LocationService(ctx.db, access, ctx.clock);
    const sources = new SourcesService(api.sources);
    server.route([
      currentLocation(locations),
      locationHistory(locations),
      geofenceRoute(locations),
      persistedLocationSources(sources),
      enabledLocationSources(sources),
      enableLocationSources(sources),
      listMessageSources(sources),
      setMessageSources(sources),
      busList(sources),
      allBuses(),
    ]);
  },
};
