/**
 * The utility module: reference lists, version, health, client error reports and file downloads.
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { ErrorReports } from './error-reports.js';
import { storeErrorReport } from './routes/error-report.js';
import { file } from './routes/file.js';
import { countries } from './routes/reference/countries.js';
import { languages } from './routes/reference/languages.js';
import { health } from './routes/status/health.js';
import { liveness } from './routes/status/live.js';
import { readiness } from './routes/status/ready.js';
import { version } from './routes/status/version.js';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    /** Named health probes; a module with something to watch adds one. */
    probes: Record<string, () => Promise<boolean>>;
  }
}

export const utilityModule: Plugin<ModuleOptions> = {
  name: 'utility',
  register(server, { ctx }) {
    const { db } = ctx;
    server.app.probes ??= {};
    server.app.probes.database = async () => {
      await db.raw('select 1');
      return true;
    };
    // A full disk or a read-only database answers reads: only a write says (docs/operations.md, "Health").
    server.app.probes.writes = () => ctx.writes.writable();
    const reports = new ErrorReports(db, ctx.limits);
    server.route([countries(db), languages(db), version(), health(server), liveness(), readiness(server), storeErrorReport(reports), file(db)]);
  },
};
