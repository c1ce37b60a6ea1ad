import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run screenshots`: the screenshots in docs/screenshots (or in the folder SCREENSHOTS names),
 * taken by the browser suites that shoot them, on one web build and one Chromium as in the e2e
 * layer. Not part of `npm test`, which leaves the working tree as it found it.
 */
export default defineConfig({
  test: {
    ...base.test,
    projects: undefined,
    include: ['tests/e2e/screenshots.shots.ts', 'tests/e2e/phone-app.test.ts'],
    globalSetup: ['tests/setup/build.ts', 'tests/setup/browser.ts'],
    env: { SCREENSHOTS: process.env.SCREENSHOTS ?? 'docs/screenshots' },
  },
});
