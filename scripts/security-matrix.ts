/**
 * Prints the authorization matrix entries the server's routes declare, for routes that have none
 * in tests/security/matrix.ts yet (`npx tsx scripts/security-matrix.ts`). Review each before
 * pasting: the matrix is the decision, the route must agree with it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';
import { MATRIX } from '../tests/security/matrix.js';
import { apiRoutes, declaredAudience, routeKey } from '../tests/security/routes.js';

const dir = mkdtempSync(join(tmpdir(), 'vessel-link-matrix-'));
const server = await createServer(
  loadConfig({ NODE_ENV: 'test', DATABASE_URL: join(dir, 'db.sqlite'), DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40), DEMO: 'off' }),
);
await server.initialize();
for (const route of apiRoutes(server))
  if (!(routeKey(route) in MATRIX) || process.argv.includes('--all')) console.log(`  '${routeKey(route)}': ${JSON.stringify(declaredAudience(route))},`);
await server.stop();
