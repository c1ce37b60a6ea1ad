/**
 * The export module: a vessel's whole record as one archive (docs/decisions.md, "Export"; the
 * layout in contracts/export.ts). It owns no table: the record is read through the API's own read
 * calls as the caller, the history and the track through the telemetry module's api.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { downloadExport } from './routes/download.js';
import { EXPORT_LIMIT, VesselExports } from './service.js';

export const exportModule: Plugin<ModuleOptions> = {
  name: 'export',
  dependencies: ['auth', 'access', 'telemetry'],
  register(server, { ctx }) {
    const exports = new VesselExports({
      server,
      db: ctx.db,
      log: ctx.log,
      access: server.plugins.access.api,
      now: () => ctx.clock.now(),
      perUser: ctx.limits.limiter('export.perUser', EXPORT_LIMIT, 'You have exported often in the last hour. Please try again later.'),
    });
    server.route([downloadExport(exports)]);
  },
};
