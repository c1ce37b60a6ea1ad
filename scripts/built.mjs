// Whether a compiled target in dist/ is current, and building it when it is not. Loads no
// esbuild unless a build is due, so an executable's start pays a few stats, not a compiler.
// scripts/build.mjs says how targets are built.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each target's output folder; scripts/build.mjs has how each is built. */
export const TARGETS = { server: 'dist/server', simulator: 'dist/simulator', cli: 'dist/cli', bridge: 'dist/bridge', migrations: 'dist/migrations' };

export const migrationFiles = () =>
  readdirSync(join(ROOT, 'migrations'))
    .filter((file) => /^\d{14}_[\w-]+\.ts$/.test(file))
    .sort();

function readManifest(name) {
  const file = join(ROOT, TARGETS[name], 'inputs.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const changedSince = (path, time) => {
  try {
    return statSync(join(ROOT, path)).mtimeMs > time;
  } catch {
    return true; // gone: the build names a file that no longer exists
  }
};

/** Missing, or a source it was built from has changed since (a new migration counts too). */
export function isStale(name) {
  const manifest = readManifest(name);
  if (!manifest) return true;
  if (manifest.inputs.some((input) => changedSince(input, manifest.builtAt))) return true;
  return name === 'migrations' && migrationFiles().join('\n') !== manifest.migrations.join('\n');
}

/** Builds the targets that are stale (a fresh clone's first run, or after a source changed). */
export function ensureBuilt(...names) {
  const stale = names.filter(isStale);
  if (!stale.length) return;
  // A child process, so this file (read at every start) never loads esbuild.
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), ...stale], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) throw new Error(`compiling ${stale.join(', ')} failed`);
}
