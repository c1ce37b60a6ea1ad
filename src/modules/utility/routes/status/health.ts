import type { ReqRefDefaults, Server } from '@hapi/hapi';
import { defineRoute } from '../../../../platform/routes.js';

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
        return h
          .response(ok ? body : { ok: false, status: 503, error: 'Service Unavailable', message: 'A part of the service is down', ...parts })
          .code(ok ? 200 : 503);
      },
    },
  });
