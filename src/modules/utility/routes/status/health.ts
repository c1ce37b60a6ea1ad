import type { ReqRefDefaults, Server } from '@hapi/hapi';
import { defineRoute } from '../../../../platform/routes.js';
import { probeParts, unavailable } from '../../../../platform/probes.js';

/** GET health: database and broker status, 503 when a part is down; public for load balancers. */
export const health = (server: Server) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/health',
    options: {
      auth: false,
      tags: ['api', 'utility'],
      description: 'Database and broker status; 503 when a part is down',
      plugins: { envelope: false },
      async handler(_request, h) {
        const parts = await probeParts(server, { database: 'down', broker: 'down' });
        const ok = Object.values(parts).every((p) => p === 'up');
        // The envelope wraps plain results; health is read by load balancers, so it answers bare.
        if (!ok) return h.response(unavailable('A part of the service is down', parts)).code(503);
        return { ok, ...parts, uptime: Math.round(process.uptime()) };
      },
    },
  });
