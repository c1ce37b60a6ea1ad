/**
 * createServer(config): the hapi server with every module registered, initialisable without
 * listening (tests and the CLI drive it with `server.inject`).
 */
import Hapi, { type Server } from '@hapi/hapi';
import Inert from '@hapi/inert';
import Vision from '@hapi/vision';
import HapiSwagger from 'hapi-swagger';
import type { Config } from './config.js';
import { createDatabase, type Database } from './db/knex.js';
import { registerAuditTrail } from './platform/audit.js';
import type { AppContext } from './platform/context.js';
import { validationFailAction } from './platform/errors.js';
import { EventBus } from './platform/events.js';
import { registerHttpPlatform, ROUTE_SECURITY } from './platform/http.js';
import { createLogger, type Logger, registerRequestLogging } from './platform/logger.js';
import { Mailer } from './platform/mail.js';
import { RateLimits } from './platform/rate-limit.js';
import { registerWebApp } from './platform/web.js';
import { accessModule } from './modules/access/index.js';
import { adminModule } from './modules/admin/index.js';
import { activeAlertCounts } from './modules/alerts/api.js';
import { alertsModule } from './modules/alerts/index.js';
import { authModule } from './modules/auth/index.js';
import { billingModule } from './modules/billing/index.js';
import { bridgeOfVessel } from './modules/bridges/api.js';
import { bridgesModule } from './modules/bridges/index.js';
import { devicesModule } from './modules/devices/index.js';
import { staffCompaniesOf } from './modules/org/api.js';
import { orgModule } from './modules/org/index.js';
import { profileModule } from './modules/profile/index.js';
import { utilityModule } from './modules/utility/index.js';
import { vesselNames, vesselOwners } from './modules/vessel/api.js';
import { vesselModule } from './modules/vessel/index.js';
import { mqttModule } from './mqtt/index.js';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    ctx: AppContext;
  }
}

/** Every module of the product, in registration order (access first, with its directory, below). */
const MODULES = [authModule, adminModule, orgModule, billingModule, profileModule, utilityModule, mqttModule, bridgesModule, alertsModule, devicesModule];

export interface ServerOverrides {
  db?: Database;
  log?: Logger;
}

export async function createServer(config: Config, overrides: ServerOverrides = {}): Promise<Server> {
  const log = overrides.log ?? createLogger(config.logLevel);
  const db = overrides.db ?? createDatabase(config.databaseUrl);
  const events = new EventBus((name, err) => log.error('event listener failed', { event: name, error: err }));
  const mail = new Mailer(db, log, config.mailFrom, config.smtpUrl);
  const ctx: AppContext = { config, db, log, events, mail, limits: new RateLimits() };

  const server = Hapi.server({
    port: config.port,
    host: config.host,
    router: { stripTrailingSlash: true },
    routes: {
      validate: { failAction: validationFailAction, options: { abortEarly: true, stripUnknown: false } },
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

  await server.register([
    Inert,
    Vision,
    {
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
    },
  ]);
  await server.register({
    plugin: accessModule,
    options: { ctx, directory: { staffCompanies: staffCompaniesOf, vesselOwners, bridgeOf: bridgeOfVessel, vesselNames } },
  });
  for (const plugin of MODULES) await server.register({ plugin, options: { ctx } });
  await server.register({ plugin: vesselModule, options: { ctx, activeAlertCounts } });
  registerWebApp(server, config.webDist);

  server.ext('onPostStop', async () => {
    mail.close();
    if (!overrides.db) await db.destroy();
  });
  server.events.on({ name: 'request', channels: 'error' }, (request, event) => {
    log.error('request error', { path: request.path, error: event.error });
  });
  return server;
}
