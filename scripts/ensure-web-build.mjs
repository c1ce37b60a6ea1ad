// Builds the web app before `npm start` when web/dist is missing or older than its sources,
// so that a fresh clone needs nothing but `npm install && npm start`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const dist = 'web/dist/index.html';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts'].filter(existsSync);
const stale = !existsSync(dist) || sources.some((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs) > statSync(dist).mtimeMs);
if (stale) {
  console.error('Building the web app (once; later starts reuse web/dist)...');
  // Always the production build, whoever calls: under vitest NODE_ENV is `test`, and Vite would
  // then bundle React's development build with jsxDEV calls naming every source file.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
