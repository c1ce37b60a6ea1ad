import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

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
    // The installable app (docs/decisions.md, "Phone app"): our own service worker (push and
    // notification actions) with Workbox's precache of the built shell injected.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2}'], maximumFileSizeToCacheInBytes: 4 * 1024 * 1024 },
      devOptions: { enabled: false },
      manifest: {
        id: '/',
        name: 'Vessel Link',
        short_name: 'Vessel Link',
        description: 'Monitor and control your yacht from anywhere.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#0b2545',
        theme_color: '#0b2545',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
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
