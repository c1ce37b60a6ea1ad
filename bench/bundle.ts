/**
 * The web bundle budget (docs/performance.md): how much JavaScript a browser downloads before it
 * can show the login page (`/`) and a vessel (`/dashboard/vessels/$vesselId/overview`), each loaded
 * directly, as a first visit or a reload does. Chromium loads each route from the real server,
 * started here on a throwaway database, and every .js response is counted: the entry script and
 * the modulepreloads of index.html that every route shares, plus the chunks the router loads for
 * that route. Exits 1 when a route is over its budget or when the two routes do not load route
 * chunks of their own (the code splitting is gone).
 *
 *   npx tsx bench/bundle.ts          builds web/dist first when it is missing or stale
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/knex.js';
import { migrateLatest } from '../src/db/migrate.js';
import { createServer } from '../src/server.js';
import { DEMO_PASSWORD, loadDemoData } from '../fixtures/demo.js';
import { seedReferenceData } from '../fixtures/reference.js';
import { ensureWebBuild, launchBrowser } from '../tests/e2e/browser.js';

/**
 * Gzip budgets (kB = 1000 bytes, as Vite counts), about 10 % above the figures in
 * docs/performance.md: room for features, not for Leaflet or the legal texts to creep back in.
 * Raised with the English catalogue of every screen in the entry (docs/decisions.md, "Languages").
 */
const BUDGETS = { login: 240_000, dashboard: 285_000 };

interface Script {
  file: string;
  raw: number;
  gzip: number;
}

interface RouteLoad {
  name: keyof typeof BUDGETS;
  path: string;
  scripts: Script[];
}

const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'web', 'dist');

const measure = (file: string, body: Buffer): Script => ({ file, raw: body.length, gzip: gzipSync(body).length });
const sum = (scripts: Script[], key: 'raw' | 'gzip') => scripts.reduce((total, script) => total + script[key], 0);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The JavaScript every route starts with: index.html's entry script and its modulepreloads. */
function shellScripts(): Script[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((match) => match[1] ?? match[2]);
  return files.map((file) => measure(file, readFileSync(join(DIST, file))));
}

/** Loads `path` in a fresh browser context and answers every .js file it fetched until `ready`. */
async function load(browser: Browser, url: string, setup: (page: Page) => Promise<void>, ready: (page: Page) => Promise<void>): Promise<Script[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const bodies: Array<Promise<Script>> = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.endsWith('.js')) return;
    bodies.push(
      request.response().then(async (response) => {
        if (!response?.ok()) throw new Error(`${pathname} answered ${response?.status() ?? 'nothing'}`);
        return measure(pathname, await response.body());
      }),
    );
  });
  await setup(page);
  await page.goto(url);
  await ready(page);
  const scripts = await Promise.all(bodies);
  await context.close();
  return scripts.sort((a, b) => b.gzip - a.gzip);
}

async function main(): Promise<number> {
  await ensureWebBuild();

  const dataDir = mkdtempSync(join(tmpdir(), 'vessel-link-bundle-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: '0',
    DATABASE_URL: join(dataDir, 'bundle.db'),
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DEMO: 'off',
    LOG_LEVEL: 'warn',
  });
  const db = createDatabase(config.databaseUrl);
  await migrateLatest(db);
  await db.transaction(seedReferenceData);
  await loadDemoData(db);
  const server = await createServer(config, { db });
  await server.start();
  const browser = await launchBrowser();

  try {
    const baseUrl = `http://127.0.0.1:${server.info.port}`;
    const login = await server.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'owner@demo.test', password: DEMO_PASSWORD } });
    const token = (JSON.parse(login.payload) as { data: { token: string } }).data.token;
    const vessel = await db('vessels').where({ name: 'Sea Breeze' }).first('id');

    const routes: RouteLoad[] = [
      {
        name: 'login',
        path: '/',
        scripts: await load(
          browser,
          baseUrl + '/',
          async () => {},
          (page) => page.getByRole('heading', { name: 'Sign in' }).waitFor(),
        ),
      },
      {
        name: 'dashboard',
        path: '/dashboard/vessels/$vesselId/overview',
        scripts: await load(
          browser,
          `${baseUrl}/dashboard/vessels/${vessel.id}/overview`,
          // A returning user: the session is in local storage, so the page opens on the vessel.
          async (page) => {
            await page.addInitScript((key) => {
              localStorage.setItem('vessel-link.account', JSON.stringify({ token: key, showInvitationModal: false, invitationModalDisabled: true }));
            }, token);
          },
          (page) => page.getByRole('heading', { name: 'Sea Breeze', level: 1 }).waitFor(),
        ),
      },
    ];

    const shell = shellScripts();
    const shellFiles = new Set(shell.map((script) => script.file));
    const row = (cells: string[]) => console.log(`| ${cells.join(' | ')} |`);
    console.log(`Initial JavaScript per route (gzip: zlib level 6, what the server sends)\n`);
    row(['Route', 'JS files', 'Raw', 'Gzip', 'Budget (gzip)', '']);
    row(['---', '---:', '---:', '---:', '---:', '---']);
    row(['index.html entry + modulepreloads (every route)', String(shell.length), kB(sum(shell, 'raw')), kB(sum(shell, 'gzip')), '', '']);
    let failed = false;
    for (const route of routes) {
      const over = sum(route.scripts, 'gzip') > BUDGETS[route.name];
      failed ||= over;
      row([
        `\`${route.path}\``,
        String(route.scripts.length),
        kB(sum(route.scripts, 'raw')),
        kB(sum(route.scripts, 'gzip')),
        kB(BUDGETS[route.name]),
        over ? 'OVER' : 'ok',
      ]);
    }

    for (const route of routes) {
      const missing = shell.filter((script) => !route.scripts.some((loaded) => loaded.file === script.file));
      if (missing.length) throw new Error(`${route.path} did not load ${missing.map((script) => script.file).join(', ')} from index.html`);
      const own = route.scripts.filter((script) => !shellFiles.has(script.file));
      const others = routes.filter((other) => other !== route).flatMap((other) => other.scripts.map((script) => script.file));
      const ownOnly = own.filter((script) => !others.includes(script.file));
      console.log(`\nLoaded for \`${route.path}\` beyond index.html (${kB(sum(own, 'gzip'))} gzip):`);
      for (const script of own)
        console.log(
          `  ${script.file.padEnd(48)} ${kB(script.raw).padStart(10)} ${kB(script.gzip).padStart(10)}${ownOnly.includes(script) ? '' : '   (shared)'}`,
        );
      if (ownOnly.length === 0) {
        console.log(`  no chunk of its own: the route is not code-split`);
        failed = true;
      }
    }
    console.log(failed ? '\nOver budget, or a route is no longer code-split.' : '\nWithin budget; each route loads chunks of its own.');
    return failed ? 1 : 0;
  } finally {
    await browser.close();
    await server.stop({ timeout: 2000 });
    await db.destroy().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
