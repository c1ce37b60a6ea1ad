import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, '..');

// The build id makes every deployment a distinct version (2.0.0+<build id>), which is what
// the client's version check compares against the version it stored on the last visit.
const buildId = process.env.VESSEL_LINK_BUILD_ID ?? Date.now().toString(36);

export default defineConfig(({ command }) => ({
  root: webRoot,
  base: '/',
  define: {
    __VESSEL_LINK_BUILD_ID__: JSON.stringify(buildId),
    // A production build leaves the /testing page out: the constant folds to false and the
    // page's lazy import is dropped with it (docs/decisions.md, "Web app").
    __VESSEL_LINK_TESTING_PAGE__: JSON.stringify(command === 'serve' || process.env.VESSEL_LINK_TESTING_PAGE === '1'),
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.join(webRoot, 'src/routes'),
      generatedRouteTree: path.join(webRoot, 'src/routeTree.gen.ts'),
      tmpDir: path.join(repoRoot, 'node_modules/.cache/tanstack-router'),
      quoteStyle: 'single',
    }),
    react(),
  ],
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
}));
