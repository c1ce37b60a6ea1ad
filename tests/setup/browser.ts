/**
 * Before the browser suites: the web app built once (with the /testing page the shared-element
 * tests drive) and one Chromium, which every e2e file connects to instead of launching its own
 * (tests/e2e/browser.ts, launchBrowser). Each file still gets contexts of its own.
 */
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath, ensureWebBuild } from '../e2e/browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's address for playwright's `chromium.connect`. */
    browserEndpoint: string;
  }
}

let server: BrowserServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureWebBuild();
  server = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server?.close();
  };
}
