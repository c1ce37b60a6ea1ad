// Regenerates web/src/routeTree.gen.ts from web/src/routes without a full vite build, with the
// same settings as the router plugin in web/vite.config.ts (after a merge, or a new route file).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(repoRoot, 'web');
const config = getConfig(
  {
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: path.join(webRoot, 'src/routes'),
    generatedRouteTree: path.join(webRoot, 'src/routeTree.gen.ts'),
    tmpDir: path.join(repoRoot, 'node_modules/.cache/tanstack-router'),
    quoteStyle: 'single',
  },
  webRoot,
);
await new Generator({ config, root: webRoot }).run();
console.log('web/src/routeTree.gen.ts regenerated');
