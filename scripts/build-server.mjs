// Compiles the server (with its migrations) and the bridge simulator into dist/ with esbuild,
// so `npm start` runs plain JavaScript instead of compiling TypeScript at run time. Dependencies
// stay in node_modules (packages: 'external'). `node scripts/build-server.mjs --if-stale` builds
// only when a source is newer than the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const outputs = { server: 'dist/server/main.js', simulator: 'dist/simulator/main.js' };
const sources = ['src', 'contracts', 'fixtures', 'migrations', 'simulator', 'bridge', 'package.json'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

export function serverBuildIsStale() {
  const built = Object.values(outputs).map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0));
  return Math.min(...built) < Math.max(...sources.filter(existsSync).map(newest));
}

export async function buildServer() {
  const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: true, logLevel: 'warning' };
  await build({ ...common, entryPoints: ['src/main.ts'], outfile: outputs.server });
  await build({ ...common, entryPoints: ['simulator/main.ts'], outfile: outputs.simulator });
  const migrations = readdirSync('migrations').filter((f) => /^\d{14}_[\w-]+\.ts$/.test(f));
  await build({ ...common, entryPoints: migrations.map((f) => join('migrations', f)), outdir: 'dist/server/migrations' });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes('--if-stale') || serverBuildIsStale()) {
    console.error('Compiling the server and the simulator into dist/ ...');
    await buildServer();
  }
}
