/**
 * An axe-core scan of every main screen in both themes: no serious or critical violation.
 * The demo data with its simulated bridges, so the screens show what an owner sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { demoBridgesIn, loadDemoBridges } from '../../fixtures/bridges.js';
import { startFleet, type FleetHandle } from '../../simulator/index.js';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

const THEMES = ['light', 'dark'] as const;

let t: TestServer;
let fleet: FleetHandle;
let browser: Browser;
let baseUrl: string;
let seaBreezeId: number;
const tabs = {} as Record<(typeof THEMES)[number], TestPage>;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const { db } = t.database;
  await loadDemoBridges(db, t.config.sessionSecret);
  const bridges = (await demoBridgesIn(db)).map(({ serial, secret, profile }) => ({ serial, secret, profile }));
  fleet = startFleet({ mqttUrl: `mqtt://127.0.0.1:${t.server.app.mqtt.port}`, bridges, tickMs: 1000, logLevel: 'warn' });
  await fleet.waitForConnect();
  seaBreezeId = (await db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  browser = await launchBrowser();
  for (const theme of THEMES) tabs[theme] = await openPage(browser, { colorScheme: theme });
}, 180_000);

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
  await t?.close();
});

/** Serious and critical violations, each named with the elements it was found on. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function scan(path: string, ready: (page: Page) => Promise<void>) {
  for (const theme of THEMES) {
    const { page } = tabs[theme];
    await page.goto(baseUrl + path);
    await ready(page);
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    expect({ path, theme, violations: await violations(page) }).toEqual({ path, theme, violations: [] });
  }
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

describe('public screens', () => {
  it('landing', () => scan('/', heading('Sign in')));
  it('terms', () => scan('/terms', heading('Terms of Use')));
  it('create account', () => scan('/create-account', (page) => page.getByLabel('First name').waitFor()));
  it('not found', () =>
    scan('/no-such-page', (page) =>
      page
        .getByText(/not found/i)
        .first()
        .waitFor(),
    ));
});

describe('signed-in screens', () => {
  beforeAll(async () => {
    for (const theme of THEMES) {
      const { page } = tabs[theme];
      await page.goto(baseUrl + '/');
      await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    }
  });

  it('fleet', () => scan('/dashboard', heading('Fleet')));
  it('add a vessel', () => scan('/dashboard/vessels/new', heading('Add a vessel')));
  for (const tab of ['overview', 'devices', 'location', 'alerts', 'documents', 'notes', 'users', 'settings', 'subscribe']) {
    it(`vessel ${tab}`, () => scan(`/dashboard/vessels/${seaBreezeId}/${tab}`, heading('Sea Breeze')));
  }
  it('profile', () => scan('/dashboard/profile', (page) => page.getByRole('heading', { level: 1 }).first().waitFor()));
  it('preferences', () => scan('/dashboard/profile/preferences', heading('Preferences')));
  it('terms of use inside the app', () => scan('/dashboard/terms-of-use', (page) => page.getByRole('tab').first().waitFor()));
});
