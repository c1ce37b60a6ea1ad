// Compiles the bridge agent for its own package (`npm pack` runs it as `prepack`): bridge/main.ts,
// its client and the contracts it shares with the cloud, bundled into dist/main.js. Its
// dependencies stay external and are the package's own (package.json), so the tarball installs
// with Node alone. Within the repository, bin.js runs the repository build (scripts/build.mjs).
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
rmSync(join(HERE, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: HERE,
  entryPoints: ['main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
