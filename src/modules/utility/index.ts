/**
 * The utility module: reference lists, version, health and client error reports.
 */
import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import type { ModuleOptions } from '../../platform/context.js';
import { nowIso } from '../../db/knex.js';
import { redactSecrets } from '../../platform/logger.js';
import type { SessionCredentials } from '../auth/api.js';
import { fileRoutes } from './files.js';
import packageJson from '../../../package.json' with { type: 'json' };

export const UI_VERSION = '2.0.0';
const serverVersion: string = packageJson.version;

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    /** Named health probes; a module with something to watch adds one. */
    probes: Record<string, () => Promise<boolean>>;
  }
}

const errorReport = Joi.object({
  status: Joi.number().integer().min(0).max(999).allow(null),
  displayedMsg: Joi.string().max(1000).allow(''),
  timestamp: Joi.string().isoDate().required(),
  timezone: Joi.string().max(64).allow(''),
  platform: Joi.string().valid('CLOUD_API', 'CLOUD_UI').required(),
  uiVersion: Joi.string().max(20).allow(''),
  browser: Joi.string().max(200).allow(''),
  os: Joi.string().max(200).allow(''),
  endpoint: Joi.string().max(500).allow(''),
  requestData: Joi.any(),
  comment: Joi.string().max(2000).allow(''),
  userId: Joi.number().integer().allow(null),
  userName: Joi.string().max(200).allow('', null),
  vesselId: Joi.number().integer().allow(null),
  vesselName: Joi.string().max(200).allow('', null),
  environment: Joi.string().max(20).allow(''),
}).label('ErrorReport');

export const utilityModule: Plugin<ModuleOptions> = {
  name: 'utility',
  register(server, { ctx }) {
    const { db } = ctx;
    server.app.probes ??= {};
    server.app.probes.database = async () => {
      await db.raw('select 1');
      return true;
    };

    server.route(fileRoutes(ctx));
    server.route([
      {
        method: 'GET',
        path: '/api/utility/countries',
        options: { auth: false, tags: ['api', 'utility'], description: 'Countries (ISO 3166 codes)', handler: () => db('countries').orderBy('name').select('code', 'name') },
      },
      {
        method: 'GET',
        path: '/api/utility/languages',
        options: { auth: false, tags: ['api', 'utility'], description: 'Languages the interface offers', handler: () => db('languages').orderBy('name').select('code', 'name') },
      },
      {
        method: 'GET',
        path: '/api/utility/version',
        options: { auth: false, tags: ['api', 'utility'], description: 'Interface and server versions', handler: () => ({ ui: UI_VERSION, server: serverVersion }) },
      },
      {
        method: 'GET',
        path: '/api/health',
        options: {
          auth: false,
          tags: ['api', 'utility'],
          description: 'Database and broker status; 503 when a part is down',
          async handler(_request, h) {
            const parts: Record<string, 'up' | 'down'> = { database: 'down', broker: 'down' };
            for (const [name, probe] of Object.entries(server.app.probes)) {
              parts[name] = await probe().then(
                (up) => (up ? 'up' : 'down'),
                () => 'down' as const,
              );
            }
            const ok = Object.values(parts).every((p) => p === 'up');
            const body = { ok, ...parts, uptime: Math.round(process.uptime()) };
            // The envelope wraps plain results; health is read by load balancers, so it answers bare.
            return h.response(ok ? body : { ok: false, status: 503, error: 'Service Unavailable', message: 'A part of the service is down', ...parts }).code(ok ? 200 : 503);
          },
          plugins: { envelope: false },
        },
      },
      {
        method: 'POST',
        path: '/api/utility/error',
        options: {
          auth: { mode: 'optional' },
          tags: ['api', 'utility'],
          description: 'Store an error report from the interface (spec 3); the comment is optional',
          validate: { payload: errorReport },
          async handler(request) {
            const r = request.payload as Record<string, any>;
            const creds = request.auth.credentials as unknown as SessionCredentials | null;
            const [row] = await db('error_reports')
              .insert({
                status: r.status ?? null,
                displayed_msg: r.displayedMsg ?? null,
                timestamp: r.timestamp,
                timezone: r.timezone ?? null,
                platform: r.platform,
                ui_version: r.uiVersion ?? null,
                browser: r.browser ?? null,
                os: r.os ?? null,
                endpoint: r.endpoint ?? null,
                request_data: r.requestData === undefined ? null : JSON.stringify(redactSecrets(r.requestData)).slice(0, 10000),
                comment: r.comment || null,
                // The reporter is who the session says, not who the body claims.
                user_id: creds?.user.id ?? null,
                user_name: creds?.user.email ?? null,
                vessel_id: r.vesselId ?? null,
                vessel_name: r.vesselName ?? null,
                environment: r.environment ?? null,
                created_at: nowIso(),
              })
              .returning('id');
            return { id: typeof row === 'object' ? row.id : row };
          },
        },
      },
    ]);
  },
};
