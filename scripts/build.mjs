// Compiles every shipped executable into dist/ with esbuild, so nothing runs TypeScript through
// tsx at run time: the server, the admin CLI (`vessel-link`), the bridge agent
// (`vessel-link-bridge`), the bridge simulator and the migrations. Dependencies stay in
// node_modules (packages: 'external').
//
// Each target writes dist/<target>/inputs.json, the source files esbuild read for it; the
// target is stale when one of them is newer than the build or gone (scripts/built.mjs, which
// the executables ask at start without loading esbuild).
//
//   node scripts/build.mjs                  build every target
//   node scripts/build.mjs --if-stale       build the stale ones only
//   node scripts/build.mjs cli bridge ...   those targets only
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT, TARGETS, isStale, migrationFiles } from './built.mjs';

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
};

const OPTIONS = {
  server: { entryPoints: ['src/main.ts'], outfile: 'dist/server/main.js' },
  simulator: { entryPoints: ['simulator/main.ts'], outfile: 'dist/simulator/main.js' },
  // Split: a command's code (and the server it opens) loads only when that command runs.
  cli: { entryPoints: ['cli/main.ts'], outdir: 'dist/cli', splitting: true, chunkNames: 'chunks/[name]-[hash]' },
  bridge: { entryPoints: ['bridge/main.ts'], outfile: 'dist/bridge/main.js' },
  // Found at run time by src/db/migrate.ts, for the compiled server and CLI alike.
  migrations: { entryPoints: migrationFiles().map((f) => join('migrations', f)), outdir: 'dist/migrations' },
};

export async function buildTarget(name) {
  const started = Date.now();
  // Afresh: a split build names its chunks by content, and old ones would pile up.
  rmSync(join(ROOT, TARGETS[name]), { recursive: true, force: true });
  const result = await build({ ...common, ...OPTIONS[name] });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
  writeFileSync(join(ROOT, TARGETS[name], 'inputs.json'), JSON.stringify({ builtAt: started, inputs, migrations: migrationFiles() }));
}

/** Builds the named targets (all by default), or only those that are stale. */
export async function buildAll({ names = Object.keys(TARGETS), ifStale = false } = {}) {
  const todo = names.filter((name) => !ifStale || isStale(name));
  if (todo.length) console.error(`Compiling ${todo.join(', ')} into dist/ ...`);
  for (const name of todo) await buildTarget(name);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unknown = names.filter((name) => !(name in TARGETS));
  if (unknown.length) {
    console.error(`Unknown build target ${unknown.join(', ')}: one of ${Object.keys(TARGETS).join(', ')}`);
    process.exit(2);
  }
  await buildAll({ names: names.length ? names : undefined, ifStale: process.argv.includes('--if-stale') });
}
