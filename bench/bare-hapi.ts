/**
 * Baseline for bench/http.ts: a bare hapi server answering `GET /` with a small JSON body (no
 * plugins, no authentication, no database) on a free port. Prints `{"httpPort": n}`.
 */
import Hapi from '@hapi/hapi';

const server = Hapi.server({ host: '127.0.0.1', port: 0 });
server.route({ method: 'GET', path: '/', handler: () => ({ ok: true, data: 'hello world' }) });
await server.start();
console.log(JSON.stringify({ httpPort: server.info.port }));
process.on('SIGTERM', () => process.exit(0));
