/**
 * createServer(config): the hapi server with every module registered, initialisable without
 * listening (tests and the CLI drive it with `server.inject`).
 */
import Hapi, { type Server } from '@hapi/hapi';
import Inert from '@hapi/inert';
import Vision from '@hapi/vision';
import type { Config } from './config.js';
import { WalCheckpoints } from './db/checkpoints.js';
import { createDatabase, databaseBytes, databaseFile, type Database, poolUse } from './db/knex.js';
import { WriteHealth, writeProbe } from './db/write-health.js';
import { pruneAudit, registerAuditTrail } from './platform/audit.js';
import { BackupSchedule } from './platform/backup/schedule.js';
import type { AppContext } from './platform/context.js';
import { validationFailAction } from './platform/errors.js';
import { ClusterEvents } from './platform/cluster-events.js';
import { EventBus } from './platform/events.js';
import { registerHttpPlatform, ROUTE_SECURITY } from './platform/http.js';
import { createLogger, errorText, type Logger, registerRequestLogging } from './platform/logger.js';
import { Mailer, pruneOutbox } from './platform/mail.js';
import { registerMetrics } from './platform/metrics.js';
import { RateLimits, redisStore } from './platform/rate-limit.js';
import { connectRedis, RedisWatch } from './platform/redis.js';
import { Retention } from './platform/retention.js';
import { type Scheduler, schedulerFor } from './platform/scheduler.js';
import { registerWebApp } from './platform/web.js';
import { accessModule } from './modules/access/index.js';
import { adminModule } from './modules/admin/index.js';
import { activeAlertCounts, alarmCountsByPriority, alarmsRaisedSince, deletePairingAlerts } from './modules/alerts/api.js';
import { alertsModule } from './modules/alerts/index.js';
import { camerasModule } from './modules/cameras/index.js';
import { geofenceModule } from './modules/geofence/index.js';
import { authModule } from './modules/auth/index.js';
import { billingModule } from './modules/billing/index.js';
import { bridgeOfVessel } from './modules/bridges/api.js';
import { bridgesModule } from './modules/bridges/index.js';
import { deletePairingCommands } from './modules/commands/api.js';
import { commandsModule } from './modules/commands/index.js';
import { deletePairingDevices } from './modules/devices/api.js';
import { devicesModule } from './modules/devices/index.js';
import { equipmentModule } from './modules/equipment/index.js';
import { exportModule } from './modules/export/index.js';
import { ingestModule } from './modules/ingest/index.js';
import { companyNames, staffCompaniesOf } from './modules/org/api.js';
import { messagingModule } from './modules/messaging/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { orgModule } from './modules/org/index.js';
import { profileModule } from './modules/profile/index.js';
import { reportsModule } from './modules/reports/index.js';
import { serviceModule } from './modules/service/index.js';
import { currentLocation, deletePairingTelemetry, pruneHistory, pruneLocations, pruneRollups } from './modules/telemetry/api.js';
import { telemetryModule } from './modules/telemetry/index.js';
import { pruneErrorReports } from './modules/utility/api.js';
import { routinesModule } from './modules/routines/index.js';
import { utilityModule } from './modules/utility/index.js';
import { weatherModule } from './modules/weather/index.js';
import {
  cloudServiceRefusal,
  cloudServices,
  consentingVesselsOfModels,
  PairingEnd,
  vesselCountsOwnedBy,
  vesselNames,
  vesselOwners,
  vesselsOwnedBy,
  vesselViewsOf,
} from './modules/vessel/api.js';
import { transferModule } from './modules/transfer/index.js';
import { vesselModule } from './modules/vessel/index.js';
import { mqttModule } from './mqtt/index.js';
import { ServerClock } from './platform/clock.js';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    ctx: AppContext;
    retention: Retention;
    backups: BackupSchedule;
  }
}

/** The modules after auth, admin and org (access first with its directory, and org with its vessel directory, below). */
const MODULES = [
  billingModule,
  profileModule,
  utilityModule,
  mqttModule,
  bridgesModule,
  alertsModule,
  geofenceModule,
  camerasModule,
  notificationsModule,
  reportsModule,
  telemetryModule,
  devicesModule,
  commandsModule,
  ingestModule,
  equipmentModule,
  serviceModule,
  routinesModule,
  weatherModule,
];

export interface ServerOverrides {
  db?: Database;
  log?: Logger;
  /**
   * false leaves out the OpenAPI description and its UI (/api/documentation): the CLI, which
   * never serves HTTP, so it does not load hapi-swagger (half a second of every command's start).
   */
  apiDocs?: boolean;
  /** The server's clock; tests hand two servers of one cluster the same. */
  clock?: ServerClock;
}

export async function createServer(config: Config, overrides: ServerOverrides = {}): Promise<Server> {
  const log = overrides.log ?? createLogger(config.logLevel);
  const db = overrides.db ?? createDatabase(config.databaseUrl, { synchronous: config.sqliteSynchronous, log });
  const events = new EventBus((name, err) => log.error('event listener failed', { event: name, error: err }));
  const mail = new Mailer(db, log, config.mailFrom, config.smtpUrl);
  // Cluster mode (docs/scaling.md): counters and scheduled work shared through Redis.
  const redis = config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : null;
  const redisWatch = redis ? new RedisWatch(log) : null;
  // While Redis is away the limits count in memory (rate-limit.ts); ioredis reconnects by itself.
  const limitsRedis = redis ? connectRedis(redis.url, 'limits', { watch: redisWatch }) : null;
  const limits = new RateLimits(limitsRedis ? redisStore(limitsRedis, config.redisPrefix) : undefined);
  const scheduler = schedulerFor(redis, log, redisWatch);
  const clock = overrides.clock ?? new ServerClock();
  const writes = writeHealth(db, log, () => clock.now());
  const ctx: AppContext = { config, db, writes, log, events, mail, limits, scheduler, redis: redisWatch, clock };
  const unwatchWrites = writes.watch(db);

  const server = Hapi.server({
    port: config.port,
    host: config.host,
    router: { stripTrailingSlash: true },
    routes: {
      // Joi's own defaults: the first error only, unknown keys refused (not stripped).
      validate: { failAction: validationFailAction },
      payload: { maxBytes: 1024 * 1024, failAction: 'error' },
      response: { emptyStatusCode: 200 },
      security: ROUTE_SECURITY,
    },
  });
  server.app.ctx = ctx;
  server.app.probes = {};

  registerAuditTrail(server, db, (err) => log.error('audit record failed', { error: err }));
  registerHttpPlatform(server, log);
  await registerRequestLogging(server, log);

  await server.register([Inert, Vision]);
  if (overrides.apiDocs !== false) await registerApiDocs(server);
  await server.register({
    plugin: accessModule,
    options: {
      ctx,
      directory: {
        staffCompanies: staffCompaniesOf,
        vesselOwners,
        bridgeOf: bridgeOfVessel,
        vesselNames,
        cloudServices,
        cloudServiceRefusal,
        companyNames,
      },
    },
  });
  // What a bridge reported under a pairing ends with it (docs/decisions.md, "What a bridge sends
  // belongs to its pairing"): each module that keeps bridge data deletes its own.
  const pairingEnd = new PairingEnd(
    db,
    async (trx, bridgeId) => {
      await deletePairingAlerts(trx, bridgeId);
      await deletePairingCommands(trx, bridgeId);
      await deletePairingDevices(trx, bridgeId);
      await deletePairingTelemetry(trx, bridgeId);
    },
    events,
  );
  await server.register({ plugin: authModule, options: { ctx } });
  await server.register({ plugin: adminModule, options: { ctx, pairingEnd } });
  await server.register({
    plugin: orgModule,
    options: {
      ctx,
      vessels: {
        vesselsOwnedBy,
        vesselCountsOwnedBy,
        consentingVesselsOfModels,
        vesselViews: (db, ids, access) => vesselViewsOf(db, ids, access, activeAlertCounts, new Date(ctx.clock.now())),
        currentLocation,
        alarmCountsByPriority,
        alarmsRaisedSince,
      },
    },
  });
  for (const plugin of MODULES) await server.register({ plugin, options: { ctx } });
  await server.register({ plugin: vesselModule, options: { ctx, activeAlertCounts, pairingEnd } });
  await server.register({ plugin: transferModule, options: { ctx } });
  await server.register({ plugin: exportModule, options: { ctx } });
  await server.register({ plugin: messagingModule, options: { ctx } });
  registerMetrics(server, ctx, {
    bridgesConnected: () => server.plugins.mqtt.api.connectedBridges().length,
    liveStreamsOpen: () => server.plugins.devices.live.open,
    groupCommitQueued: () => server.plugins.ingest.api.queued,
    databaseBytes: () => databaseBytes(db),
    databasePool: () => poolUse(db),
  });
  registerWebApp(server, config.webDist);
  registerUpkeep(server, config, db, log, scheduler);
  registerClusterEvents(server, config, events, log, redisWatch);

  // Registered last, so every module's tasks are in before it starts (and stopped before they stop).
  server.ext('onPostStart', () => scheduler.start());
  server.ext('onPreStop', () => scheduler.stop(), { before: Object.keys(server.registrations) });
  // A started server on a SQLite file writes its log back beside the event loop (db/checkpoints.ts).
  const file = databaseFile(db);
  const checkpoints = file ? new WalCheckpoints(db, file, log) : null;
  if (checkpoints) server.ext('onPreStart', () => checkpoints.start());
  server.ext('onPostStop', async () => {
    unwatchWrites();
    mail.close();
    await limitsRedis?.quit().catch(() => limitsRedis.disconnect());
    await checkpoints?.stop();
    if (!overrides.db) await db.destroy();
  });
  server.events.on({ name: 'request', channels: 'error' }, (request, event) => {
    log.error('request error', { path: request.path, error: event.error });
  });
  return server;
}

/** Whether the database takes writes (db/write-health.ts); a change either way is one log line. */
function writeHealth(db: Database, log: Logger, now: () => number): WriteHealth {
  return new WriteHealth(
    () => writeProbe(db),
    now,
    (failure, err) => {
      if (failure)
        log.error('the database refuses writes: not ready, and bridges are refused until a write succeeds', { code: failure.code, error: errorText(err) });
      else log.warn('the database takes writes again');
    },
  );
}

/**
 * Cluster mode (docs/scaling.md): a started server relays its events to the other nodes and
 * hears theirs, from before the broker accepts bridges until after everything stopped.
 */
function registerClusterEvents(server: Server, config: Config, events: EventBus, log: Logger, watch: RedisWatch | null): void {
  if (!config.redisUrl) return;
  const relay = new ClusterEvents(config.redisUrl, config.redisPrefix, events, log, watch);
  server.ext('onPreStart', () => relay.start());
  server.ext('onPostStop', () => relay.stop());
}

/**
 * What a running server does for its own upkeep (docs/operations.md): retention of old records
 * and scheduled backups, on the scheduler. Only a started server does it, never one the CLI or a
 * test initialises.
 */
function registerUpkeep(server: Server, config: Config, db: Database, log: Logger, scheduler: Scheduler): void {
  const iso = (ms: number) => new Date(ms).toISOString();
  const { historyDays, rawDays, auditDays, outboxDays, errorReportDays } = config.retention;
  server.app.retention = new Retention(
    [
      { name: 'history', days: rawDays, prune: (cutoff, limit) => pruneHistory(db, cutoff, limit) },
      { name: 'rollups', days: historyDays, prune: (cutoff, limit) => pruneRollups(db, cutoff, limit) },
      { name: 'track', days: historyDays, prune: (cutoff, limit) => pruneLocations(db, cutoff, limit) },
      { name: 'audit', days: auditDays, prune: (cutoff, limit) => pruneAudit(db, iso(cutoff), limit) },
      { name: 'outbox', days: outboxDays, prune: (cutoff, limit) => pruneOutbox(db, iso(cutoff), limit) },
      { name: 'errorReports', days: errorReportDays, prune: (cutoff, limit) => pruneErrorReports(db, iso(cutoff), limit) },
    ],
    log,
    () => server.app.ctx.clock.now(),
  );
  server.app.backups = new BackupSchedule(config, log);
  server.app.retention.schedule(scheduler);
  server.app.backups.schedule(scheduler);
  server.ext('onPostStart', () => server.app.backups.start());
  server.ext('onPreStop', async () => {
    await server.app.retention.stop();
    await server.app.backups.stop();
  });
}

/** The OpenAPI description of every route and its UI (/api/documentation), from the routes' Joi schemas. */
async function registerApiDocs(server: Server): Promise<void> {
  const { default: HapiSwagger } = await import('hapi-swagger');
  await server.register({
    plugin: HapiSwagger,
    options: {
      info: {
        title: 'Vessel Link API',
        version: '2.0.0',
        description: 'docs/api.md describes the conventions and shapes. Every answer is wrapped as {ok, data} or {ok: false, status, error, message}.',
      },
      documentationPath: '/api/documentation',
      jsonPath: '/api/documentation.json',
      swaggerUIPath: '/api/documentation/ui/',
      securityDefinitions: { Bearer: { type: 'apiKey', name: 'Authorization', in: 'header' } },
      security: [{ Bearer: [] }],
      grouping: 'tags',
      auth: false,
    },
  });
}
