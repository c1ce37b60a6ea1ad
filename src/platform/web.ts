/**
 * Serves the built web app: real files from web/dist, and index.html for every other
 * non-API path so that deep links and reloads of client routes work.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';

export function registerWebApp(server: Server, distDir: string): void {
  server.route({
    method: 'GET',
    path: '/{path*}',
    options: {
      auth: false,
      handler(request, h) {
        if (request.path === '/api' || request.path.startsWith('/api/')) throw Boom.notFound('No such API call');
        const index = join(distDir, 'index.html');
        if (!existsSync(index)) {
          return h.response('The web app is not built yet: run `npm run build:web`.').type('text/plain').code(503);
        }
        const relative = typeof request.params.path === 'string' ? request.params.path : '';
        const requested = relative ? join(distDir, relative) : index;
        if (requested.startsWith(distDir) && relative && existsSync(requested) && !requested.endsWith('/')) {
          // Hashed assets never change; index.html must always be fresh.
          const cache = relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
          const response = h.file(requested, { confine: distDir }).header('cache-control', cache);
          // The service worker controls the whole app (docs/decisions.md, "Phone app").
          return relative === 'sw.js' ? response.header('service-worker-allowed', '/') : response;
        }
        return h.file(index, { confine: distDir }).header('cache-control', 'no-cache');
      },
    },
  });
  server.route({
    method: '*',
    path: '/api/{path*}',
    options: {
      auth: false,
      handler: () => {
        throw Boom.notFound('No such API call');
      },
    },
  });
}
