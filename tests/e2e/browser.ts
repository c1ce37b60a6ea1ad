/**
 * The browser side of the end-to-end tests: the built web app (web/dist, built once if missing
 * or stale) served by the real server, driven through Debian's Chromium with playwright-core.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const LOCK = join(ROOT, 'node_modules', '.cache', 'web-build.lock');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const DIST = join(ROOT, 'web', 'dist');

/** Whether web/dist is a build with the /testing page, which a production build leaves out. */
function hasTestingPage(): boolean {
  const assets = join(DIST, 'assets');
  return existsSync(assets) && readdirSync(assets).some((name) => name.startsWith('TestingPage-') && name.endsWith('.js'));
}

/**
 * Builds web/dist when it is missing, older than its sources or a production build without the
 * /testing page the shared-element tests drive; test files wait for each other.
 */
export async function ensureWebBuild(): Promise<void> {
  mkdirSync(join(LOCK, '..'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`another test holds ${LOCK}; remove it if no build is running`);
      await sleep(200);
    }
  }
  try {
    if (!hasTestingPage()) rmSync(join(DIST, 'index.html'), { force: true });
    const env = { ...process.env, VESSEL_LINK_TESTING_PAGE: '1' };
    const result = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: ROOT, stdio: 'inherit', env });
    if (result.status !== 0) throw new Error('building the web app failed');
  } finally {
    rmdirSync(LOCK);
  }
}

export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser a test file drives: a connection to the one Chromium the e2e project shares
 * (tests/setup/browser.ts), or a Chromium of its own when the file runs outside that project
 * (a bench, a script). Closing a connection leaves the shared browser running.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = sharedEndpoint();
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

function sharedEndpoint(): string | undefined {
  try {
    return inject('browserEndpoint');
  } catch {
    return undefined; // not inside a vitest worker
  }
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors in the page, which every test expects to be none. */
  pageErrors: string[];
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** What the browser reports as `prefers-color-scheme`, which picks the theme on a first visit. */
  colorScheme?: 'light' | 'dark';
  /** The browser's language (`navigator.languages`), e.g. `fr-FR`; Chromium's own when absent. */
  locale?: string;
}

export async function openPage(browser: Browser, options: PageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  // What a user waits for after a click or a sign-in: 10 s was too short on the two-core CI
  // machine with the other suites beside it (three runs lost to it). A real hang still fails.
  page.setDefaultTimeout(30_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  if (!page.url().startsWith(baseUrl)) await page.goto(baseUrl + '/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
