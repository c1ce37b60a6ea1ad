/**
 * The alerts module: vessel alerts raised and cleared by the Signal K notifications bridges
 * send, by warning levels and custom alerts (both judged on each batch the ingest hands over) and
 * by the geofence module's watch (through `applyNotification`). Whatever
 * raised them, alerts share one lifecycle (acknowledged, silenced, rectified, cleared; shelving,
 * vessel modes), and each transition is logged and announced (`vessel.alert`), for the live
 * stream and the notifications module. A vessel whose bridge falls silent raises a no-data alarm;
 * one whose bridge loses its connection is announced offline once per outage (outage.ts).
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import type { AlertReach, AlertsApi } from './api.js';
import { CustomAlerts } from './custom/watch.js';
import { LevelAlerts } from './levels/service.js';
import { AlertLifecycle, SILENCE_SWEEP_MS } from './lifecycle.js';
import { NoDataWatch } from './no-data.js';
import { OutageWatch } from './outage.js';
import { Properties } from './properties.js';
import { vesselIdsOfBridges } from '../bridges/api.js';
import * as repo from './repository.js';
import { addAlertLogNote } from './routes/alert-logs/add-note.js';
import { filteredDeviceAlertLogs } from './routes/alert-logs/filtered.js';
import { deviceAlertLogs } from './routes/alert-logs/logs.js';
import { deviceAlertLogPage } from './routes/alert-logs/page.js';
import { adminAcknowledgeAlert } from './routes/admin/ack.js';
import { adminActiveAlerts } from './routes/admin/active.js';
import { acknowledgeAlert } from './routes/alerts/ack.js';
import { activeAlerts } from './routes/alerts/active.js';
import { alertHistoryPage } from './routes/alerts/history.js';
import { listAlerts } from './routes/alerts/list.js';
import { silenceAllAlerts } from './routes/alerts/silence-all.js';
import { silenceAlert } from './routes/alerts/silence.js';
import { shelveAlert } from './routes/alerts/shelve.js';
import { shelvedAlerts } from './routes/alerts/shelved.js';
import { unshelveAlert } from './routes/alerts/unshelve.js';
import { createCustomAlert } from './routes/custom-alerts/create.js';
import { deleteCustomAlert } from './routes/custom-alerts/delete.js';
import { getCustomAlert } from './routes/custom-alerts/get.js';
import { listCustomAlerts } from './routes/custom-alerts/list.js';
import { pauseCustomAlert } from './routes/custom-alerts/pause.js';
import { replaceCustomAlert } from './routes/custom-alerts/replace.js';
import { setPropertyWarningLevels } from './routes/levels/set.js';
import { getAlarmSettings } from './routes/settings/get-vessel.js';
import { putAlarmSettings } from './routes/settings/put-vessel.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    alerts: { api: AlertsApi; lifecycle: AlertLifecycle; noData: NoDataWatch; outages: OutageWatch };
  }
}

/** How often no-data alarms are looked for. */
const SWEEP_MS = 5000;

export const alertsModule: Plugin<ModuleOptions> = {
  name: 'alerts',
  dependencies: ['auth', 'access'],
  register(server, { ctx }) {
    const lifecycle = new AlertLifecycle(ctx);
    const properties = new Properties();
    const custom = new CustomAlerts(ctx, properties);
    const levels = new LevelAlerts(ctx, properties);
    let reach: AlertReach | null = null;
    const useReach = (r: AlertReach) => void (reach = r);
    server.expose('api', {
      lifecycle,
      custom,
      levels,
      naming: properties,
      useProperties: (directory) => properties.use(directory),
      useReach,
    } satisfies AlertsApi);
    server.expose('lifecycle', lifecycle);
    const clock = () => ctx.clock.now();
    const noData = new NoDataWatch(ctx, clock);
    server.expose('noData', noData);
    // Every node hears every vessel's data and every no-data alarm change (docs/scaling.md), so
    // whichever node the scheduler picks judges the whole fleet, once per cluster.
    ctx.events.on(
      'vessel.batch',
      ({ vesselId, batch }) => {
        if (batch.values.length || batch.positions.length) noData.seen(vesselId);
      },
      { cluster: true },
    );
    ctx.events.on('vessel.alert', ({ vesselId, alert }) => noData.onAlert(vesselId, alert), { cluster: true });
    // A disconnected bridge is the outage watch's: the no-data watch counts silence while connected only.
    ctx.events.on('bridge.online', ({ vesselId, online }) => vesselId !== null && noData.connection(vesselId, online), { cluster: true });
    ctx.scheduler.every('alerts.no-data', SWEEP_MS, () => noData.sweep());
    const outages = new OutageWatch(ctx, clock);
    server.expose('outages', outages);
    // The node holding the bridge's connection records its changes; the sweep runs once per cluster.
    ctx.events.on('bridge.online', ({ vesselId, bridgeId, online }) => {
      outages.connection(vesselId, bridgeId, online).catch((err) => ctx.log.error('bridge outage not recorded', { bridgeId, error: err }));
    });
    ctx.scheduler.every('alerts.outages', SWEEP_MS, () => outages.sweep());
    ctx.scheduler.every('alerts.silences', SILENCE_SWEEP_MS, () => lifecycle.sweep());
    // A bridge deleted, paired or unpaired judges its values by another vessel's rules, or by none.
    for (const event of ['bridge.deleted', 'bridge.paired'] as const)
      ctx.events.on(
        event,
        ({ bridgeId }) => {
          custom.forget(bridgeId);
          levels.forget(bridgeId);
        },
        { cluster: true },
      );
    // An alert-log entry belongs to the vessel its bridge is paired with.
    const access = server.plugins.access.api;
    access.registerEntity('alertLogEntry', {
      notFound: 'Alert log entry not found',
      vesselOf: async (id) => {
        const entry = await repo.findLog(ctx.db, id);
        return (entry && (await vesselIdsOfBridges(ctx.db, [entry.bridgeId])).get(entry.bridgeId)) ?? null;
      },
    });
    server.route([
      listAlerts(ctx, lifecycle),
      acknowledgeAlert(ctx, lifecycle),
      silenceAlert(ctx, lifecycle),
      silenceAllAlerts(lifecycle),
      shelveAlert(ctx, lifecycle),
      unshelveAlert(ctx, lifecycle),
      shelvedAlerts(ctx),
      getAlarmSettings(ctx),
      putAlarmSettings(ctx, clock),
      activeAlerts(ctx, lifecycle, access),
      alertHistoryPage(ctx, lifecycle, access, () => reach),
      adminActiveAlerts(ctx, lifecycle, access),
      adminAcknowledgeAlert(ctx, lifecycle),

      setPropertyWarningLevels(ctx, levels, properties),
      deviceAlertLogs(ctx, properties),
      filteredDeviceAlertLogs(ctx, properties),
      deviceAlertLogPage(ctx, properties),
      addAlertLogNote(ctx, lifecycle),

      createCustomAlert(ctx, custom),
      listCustomAlerts(ctx),
      getCustomAlert(ctx),
      replaceCustomAlert(ctx, custom),
      deleteCustomAlert(ctx, custom),
      pauseCustomAlert(ctx, custom),
    ]);
  },
};
