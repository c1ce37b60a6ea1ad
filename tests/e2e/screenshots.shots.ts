/**
 * The screenshots in docs/screenshots, taken from the real app by `npm run screenshots` (never by
 * `npm test`, which leaves the working tree as it found it; CI runs this file into a temporary
 * folder): the demo data with the simulated demo bridges `npm start` runs, in the light and the
 * dark theme. Every screen is checked for what a user would notice on it before it is shot, so a
 * broken screen fails here instead of ending up in the README. SCREENSHOTS names the folder.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BridgeHandle, FleetHandle } from '../../simulator/index.js';
import { DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { startDemoStage, type DemoStage } from './stage.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';

const SCREENSHOTS = process.env.SCREENSHOTS ?? join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** Bridges tick twice as often as `npm start`'s, so the low-battery scenario raises its alarm within seconds. */
const TICK_MS = 500;

let stage: DemoStage;
let t: TestServer;
let fleet: FleetHandle;
let seaBreezeBridge: BridgeHandle;
let browser: Browser;
let baseUrl: string;
let seaBreezeId: number;
const tabs = {} as Record<Theme, TestPage>;

beforeAll(async () => {
  ({ t, fleet, baseUrl } = stage = await startDemoStage(TICK_MS));
  const { db } = t.database;
  seaBreezeBridge = fleet.bridges.find((bridge) => bridge.serial === 'VL-DEMO-0001')!;
  seaBreezeId = (await db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchBrowser();
  for (const theme of THEMES) tabs[theme] = await openPage(browser, { ...DESKTOP, colorScheme: theme });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

const vesselUrl = (tab = 'overview') => `${baseUrl}/dashboard/vessels/${seaBreezeId}/${tab}`;

/** Runs one screen's steps in each theme, then saves it as docs/screenshots/<name>-<theme>.png. */
async function shoot(name: string, show: (page: Page) => Promise<void>) {
  for (const theme of THEMES) {
    const { page, pageErrors } = tabs[theme];
    await show(page);
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(theme);
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${theme}.png`), animations: 'disabled' });
  }
}

/** Signal K values arrive only from the simulated bridge: a number here is a live value. */
const figure = (page: Page, label: string) => page.locator('.figure', { hasText: label }).locator('.figure__value');

describe('screenshots of the public pages', () => {
  it('landing page with the login form', async () => {
    await shoot('landing', async (page) => {
      await page.goto(baseUrl + '/');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByLabel('E-mail').waitFor();
      await page.getByText('Version 2.0.0').waitFor();
    });
  });

  it('terms of use', async () => {
    await shoot('terms', async (page) => {
      await page.goto(baseUrl + '/terms');
      await page.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor();
      await expect(page.getByRole('tab', { name: 'End User Licence Agreement' }).getAttribute('aria-selected')).resolves.toBe('true');
    });
  });
});

describe('screenshots of the signed-in app', () => {
  beforeAll(async () => {
    for (const theme of THEMES) {
      const { page } = tabs[theme];
      await page.goto(baseUrl + '/');
      await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    }
  });

  it('fleet with the owner’s vessels online', async () => {
    await shoot('fleet', async (page) => {
      await page.goto(baseUrl + '/dashboard');
      for (const name of ['Sea Breeze', 'Blue Horizon']) {
        const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
        await card.getByText('Online').waitFor();
        await expect(card.getByText(/^VL-DEMO-000\d$/).count()).resolves.toBe(1);
      }
      await page.getByText('2 vessels · 2 online').waitFor();
    });
  });

  it('vessel overview with live key figures and levels', async () => {
    await shoot('vessel-overview', async (page) => {
      await page.goto(vesselUrl());
      await page.getByRole('heading', { name: 'Sea Breeze', level: 1 }).waitFor();
      await page.locator('.live-indicator', { hasText: 'Live' }).waitFor();
      await figure(page, 'Battery voltage')
        .filter({ hasText: /^\d+\.\d+ V$/ })
        .waitFor();
      await figure(page, 'Speed over ground')
        .filter({ hasText: /^\d+\.\d kn$/ })
        .waitFor();
      const houseBattery = page.getByRole('meter', { name: 'House battery' });
      await houseBattery.waitFor();
      await expect(houseBattery.getAttribute('aria-valuetext')).resolves.toMatch(/^\d+ %$/);
    });
  });

  it('vessel devices with their values and controls', async () => {
    await shoot('vessel-devices', async (page) => {
      await page.goto(vesselUrl('devices'));
      await expect(page.getByRole('link', { name: 'Devices' }).getAttribute('aria-current')).resolves.toBe('page');
      const battery = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'House battery' }) });
      await battery
        .locator('.property__value')
        .filter({ hasText: /^\d+\.\d+ V$/ })
        .first()
        .waitFor();
      const light = page.getByRole('switch', { name: 'Saloon lights On' });
      await light.waitFor();
      await expect(light.isEnabled()).resolves.toBe(true);
    });
  });

  it('vessel location on the map', async () => {
    await shoot('vessel-location', async (page) => {
      await page.goto(vesselUrl('location'));
      await page.getByRole('region', { name: "Map of the vessel's position, track, geofence and devices" }).waitFor();
      await page.locator('path.map-position').waitFor();
      await page.locator('path.map-track').waitFor();
      await page
        .locator('.location__side dd')
        .first()
        .filter({ hasText: /^\d+°.*[NS], \d+°.*[EW]$/ })
        .waitFor();
    });
  });

  it('vessel alerts with the alarm the bridge raised', async () => {
    // The demo vessels run clear of trouble: the bridge's low-battery scenario drains the house
    // battery until its alarm monitor raises an alarm, which reaches the page over the live stream.
    void seaBreezeBridge.injectScenario('low-battery');
    await shoot('vessel-alerts', async (page) => {
      await page.goto(vesselUrl('alerts'));
      await expect(page.getByRole('navigation', { name: 'Vessel sections' }).getByRole('link', { name: 'Alerts' }).getAttribute('aria-current')).resolves.toBe(
        'page',
      );
      const alarm = page.locator('.alert-item--alarm:not(.is-cleared)');
      await alarm.locator('.alert-item__message', { hasText: /House battery low: \d+ ?%$/ }).waitFor({ timeout: 25_000 });
      await page.getByRole('heading', { name: /^[1-9]\d* active alerts?$/ }).waitFor();
    });
  }, 60_000);

  it('vessel overview on a phone', async () => {
    await shoot('phone-vessel', async (page) => {
      await page.setViewportSize(PHONE);
      await page.goto(vesselUrl());
      await page.getByRole('button', { name: 'Menu' }).waitFor();
      await figure(page, 'Battery voltage')
        .filter({ hasText: /^\d+\.\d+ V$/ })
        .waitFor();
      // Nothing may push the page sideways on a narrow screen.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    });
  });
});

describe('screenshots of the phone app', () => {
  it('fleet and notification settings on a phone, in both themes', async () => {
    for (const theme of THEMES) {
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, colorScheme: theme });
      const page = await context.newPage();
      await page.goto(baseUrl + '/');
      await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
      await page.waitForURL(`${baseUrl}/dashboard`);
      for (const [name, path, heading] of [
        ['phone-fleet', '/dashboard', 'Fleet'],
        ['phone-notifications', '/dashboard/profile/notifications', 'Profile'],
      ] as const) {
        await page.goto(baseUrl + path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(theme);
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-${theme}.png`), animations: 'disabled' });
      }
      await context.close();
    }
  }, 120_000);
});
