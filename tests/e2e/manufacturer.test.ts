/**
 * A manufacturer's day in the web app (docs/product.md §6): manufacturer@demo.test signs in and
 * lands on Azure Yachts' models, each with its picture; opens Azure 62, sees Sea Breeze (whose
 * owner consented) with its alarms of the last 30 days, and opens it: a read-only page of its
 * model, online state and alarms (docs/decisions.md, "What a manufacturer sees of a consenting
 * vessel"). Both screens pass axe in both themes, at 1280 and 390 px, and fit a 390 px phone. The administrator's
 * console shows the same pictures, loaded with link keys (they answered 401 without).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { applyRoutineAlert } from '../../src/modules/alerts/api.js';
import { DEMO_PASSWORD } from '../helpers/server.js';
import { atPhoneWidth, axeViolations, fitsWidth, imageLoaded, THEMES } from './axe.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';
import { startDemoStage, type DemoStage } from './stage.js';

// Each axe scan takes seconds on a loaded two-core machine.
vi.setConfig({ testTimeout: 90_000 });

let stage: DemoStage;
let browser: Browser;
let baseUrl: string;
let tab: TestPage;
let vesselPath = '';

/** Pictures the server refused: an <img> that asked without a link key. */
function refusedPictures(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/files/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  return refused;
}

beforeAll(async () => {
  stage = await startDemoStage(1000);
  baseUrl = stage.baseUrl;
  const { t } = stage;
  const seaBreeze = (await t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  // An alarm on Sea Breeze today (the one thing set up behind the browser's back).
  await applyRoutineAlert(t.database.db, t.server.app.ctx.events, seaBreeze, 9999, { priority: 'alarm', message: 'Bilge pump running' }, Date.now());
  browser = await launchBrowser();
  tab = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

const modelsHeading = (page: Page) => page.getByRole('heading', { name: 'Your vessel models' }).waitFor();

describe("a manufacturer's day", () => {
  it('lands on its models, each with its picture, opens Azure 62 and sees Sea Breeze with its alarms', async () => {
    const { page } = tab;
    const refused = refusedPictures(page);
    await signIn(page, baseUrl, 'manufacturer@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Azure Yachts', level: 1 }).waitFor();
    const models = page.getByRole('table', { name: 'Vessel models and alarms of the last 30 days' });
    for (const name of ['Azure 50', 'Azure 62', 'Azure 78']) {
      const picture = models.getByRole('row').filter({ hasText: name }).locator('img[src*="linkKey="]');
      await picture.waitFor();
      await expect.poll(() => imageLoaded(picture)).toBe(true);
    }
    const azure62 = models.getByRole('row').filter({ hasText: 'Azure 62' });
    expect(await azure62.locator('td[data-label="Vessels"]').textContent()).toBe('1');
    expect(Number(await azure62.locator('td[data-label="Alarm"]').textContent())).toBeGreaterThanOrEqual(1);

    // Azure 50's owners have not shared their vessels; Azure 62 is where Sea Breeze is.
    await models.getByRole('button', { name: 'Azure 50' }).click();
    await page.getByText('No owner of this model (Azure 50) has shared their vessel with you yet.').waitFor();
    await models.getByRole('button', { name: 'Azure 62' }).click();
    await page.getByRole('heading', { name: 'Vessels built on Azure 62' }).waitFor();
    const seaBreeze = page.getByRole('listitem').filter({ hasText: 'Sea Breeze' });
    await seaBreeze.getByText(/Alarms in 30 days: [1-9]\d* critical/).waitFor();
    await seaBreeze.getByText('Online').waitFor({ timeout: 20_000 });
    expect(await page.getByText('Blue Horizon').count()).toBe(0);
    expect(refused).toEqual([]);
    expect(tab.pageErrors).toEqual([]);
  });

  it('opens Sea Breeze: its model, online state and alarms of the last 30 days, read-only', async () => {
    const { page } = tab;
    const refused = refusedPictures(page);
    await page.getByRole('listitem').filter({ hasText: 'Sea Breeze' }).getByRole('link', { name: 'Sea Breeze' }).click();
    await page.waitForURL(/\/dashboard\/models\/\d+\/vessels\/\d+$/);
    vesselPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: 'Sea Breeze', level: 1 }).waitFor();
    const alarms = page.getByRole('list', { name: 'Alarms of Sea Breeze in the last 30 days' });
    await alarms
      .getByRole('listitem')
      .filter({ hasText: 'Bilge pump running' })
      .getByText(/^Raised /)
      .waitFor();
    const picture = page.getByRole('img', { name: 'Picture of the Azure 62' });
    await picture.waitFor();
    await expect.poll(() => imageLoaded(picture)).toBe(true);
    expect(await picture.getAttribute('src')).not.toMatch(/sessionKey/);
    await page.getByText('Azure 62 · 18.9 m').waitFor();
    await page.getByRole('definition').getByText('Online').waitFor({ timeout: 20_000 });
    // Nothing but what the owner shared: no vessel sections, no owner, no action on the alarms.
    expect(await page.getByRole('navigation', { name: 'Vessel sections' }).count()).toBe(0);
    expect(await page.getByText('Olivia Owner').count()).toBe(0);
    expect(await page.getByRole('button', { name: /acknowledge/i }).count()).toBe(0);

    await page.getByRole('link', { name: '← Your models' }).click();
    await modelsHeading(page);
    expect(refused).toEqual([]);
    expect(tab.pageErrors).toEqual([]);
  });

  it('finds no serious axe violation on its models and the vessel, in both themes at 1280 and 390 px', async () => {
    expect(vesselPath).not.toBe('');
    for (const theme of THEMES) {
      const { page, context } = await openPage(browser, { colorScheme: theme });
      try {
        await signIn(page, baseUrl, 'manufacturer@demo.test', DEMO_PASSWORD);
        await page.getByRole('heading', { name: 'Vessels built on Azure 62' }).waitFor();
        await page.locator('[data-testid="model-picture"] img').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect({ screen: 'models', theme, violations: await axeViolations(page, theme) }).toEqual({ screen: 'models', theme, violations: [] });
        await atPhoneWidth(page, async () =>
          expect({ screen: 'models', theme, width: 390, violations: await axeViolations(page, theme) }).toEqual({
            screen: 'models',
            theme,
            width: 390,
            violations: [],
          }),
        );
        await page.goto(baseUrl + vesselPath);
        await page.getByRole('list', { name: 'Alarms of Sea Breeze in the last 30 days' }).waitFor();
        expect({ screen: 'vessel', theme, violations: await axeViolations(page, theme) }).toEqual({ screen: 'vessel', theme, violations: [] });
        await atPhoneWidth(page, async () =>
          expect({ screen: 'vessel', theme, width: 390, violations: await axeViolations(page, theme) }).toEqual({
            screen: 'vessel',
            theme,
            width: 390,
            violations: [],
          }),
        );
      } finally {
        await context.close();
      }
    }
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const { page, context, pageErrors } = await openPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, baseUrl, 'manufacturer@demo.test', DEMO_PASSWORD);
      await page.getByRole('heading', { name: 'Vessels built on Azure 62' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('link', { name: 'Sea Breeze' }).click();
      await page.getByRole('list', { name: 'Alarms of Sea Breeze in the last 30 days' }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the administrator's vessel models", () => {
  it('shows each model’s picture, loaded with a link key', async () => {
    const { page, context, pageErrors } = await openPage(browser);
    const refused = refusedPictures(page);
    try {
      await signIn(page, baseUrl, 'admin@demo.test', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard/admin');
      await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Vessel models' }).click();
      await page.getByRole('heading', { name: 'Vessel models', level: 1 }).waitFor();
      for (const name of ['Azure 50', 'Azure 62', 'Azure 78']) {
        const picture = page.getByRole('img', { name: `Picture of ${name}` });
        await picture.waitFor();
        expect(await picture.getAttribute('src')).toMatch(/\/api\/files\/[\da-f-]+\?linkKey=/);
        await expect.poll(() => imageLoaded(picture)).toBe(true);
      }
      expect(refused).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
