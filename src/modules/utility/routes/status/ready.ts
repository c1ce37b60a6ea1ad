import type { ReqRefDefaults, Server } from '@hapi/hapi';
import { schemaReady } from '../../../../db/migrate.js';
import { defineRoute } from '../../../../platform/routes.js';
import { probeParts, unavailable } from '../../../../platform/probes.js';

/**
 * GET health/ready: whether this node should be sent traffic. 503 while the database is
 * unreachable or refuses writes (a full disk, a read-only database), while migrations run (here
 * or on another node) or remain, or while the broker is down (docs/operations.md, "Health").
 */
export const readiness = (server: Server) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/health/ready',
    options: {
      auth: false,
      tags: ['api', 'utility'],
      description: 'Readiness: database reachable and taking writes, schema migrated, broker running; 503 otherwise',
      plugins: { envelope: false },
      async handler(_request, h) {
        const parts = await probeParts(server, { database: 'down', broker: 'down' });
        const schema = parts.database === 'up' && (await schemaReady(server.app.ctx.db).catch(() => false)) ? 'up' : 'down';
        const all = { ...parts, schema };
        if (Object.values(all).some((p) => p === 'down')) {
          const message =
            parts.database === 'up' && schema === 'down'
              ? 'Database migrations are running or pending'
              : parts.writes === 'down'
                ? 'The database refuses writes (a full disk, or a read-only database)'
                : 'A part of the service is down';
          return h.response(unavailable(message, all)).code(503);
        }
        return { ok: true, ...all };
      },
    },
  });
