// Compiles the bridge for its own package (`npm pack` runs it as `prepack`), one build for both
// ways it runs: bridge/main.ts, the `vessel-link-bridge` command, into dist/main.js (ESM), and
// bridge/plugin.ts, the Signal K server plugin, into dist/plugin.cjs (CommonJS: signalk-server
// `require`s its plugins, and every Node it runs on can require CommonJS), each with its client and
// the contracts it shares with the cloud bundled in. Their dependencies stay external and are the
// package's own (package.json), so the tarball installs with Node alone. Within the repository,
// bin.js runs the repository build (scripts/build.mjs).
//
//   node build.mjs                   into bridge/dist
//   node build.mjs --outdir DIR      into DIR (a test stages the package elsewhere)
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
const at = process.argv.indexOf('--outdir');
const OUT = at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : join(HERE, 'dist');

const common = {
  absWorkingDir: HERE,
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

rmSync(OUT, { recursive: true, force: true });
await build({ ...common, entryPoints: ['main.ts'], outfile: join(OUT, 'main.js'), format: 'esm' });
await build({
  ...common,
  entryPoints: ['plugin.ts'],
  outfile: join(OUT, 'plugin.cjs'),
  format: 'cjs',
  // CommonJS has no import.meta: the optional packages (sources/n2k-devices.ts) are required from this file.
  define: { 'import.meta.url': '__vesselLinkFileUrl' },
  banner: { js: "const __vesselLinkFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  // signalk-server calls what `require` gives (its `default` too, but older servers do not look).
  footer: { js: 'module.exports = Object.assign(module.exports.default, module.exports);' },
});
