/**
 * A contractor's day (docs/product.md §6): contractor@demo.test, of Harbour Marine Services,
 * signs in and lands on the company fleet with Northern Star (a devices-and-alerts job that ends by
 * itself in three weeks), opens it, reads until when the job's access runs, is offered no renewal
 * (billing is the owner's) and works within the job: the devices, then the alerts. The screens
 * pass axe in both themes at 1280 and 390 px, and fit a 390 px phone. The job's end, and what the owner sees of the
 * grant, are tests/e2e/company-access.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../helpers/server.js';
import { atPhoneWidth, axeViolations, fitsWidth, THEMES } from './axe.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';
import { startDemoStage, type DemoStage } from './stage.js';

vi.setConfig({ testTimeout: 90_000 });

let stage: DemoStage;
let browser: Browser;
let baseUrl: string;
let tab: TestPage;
let overviewPath = '';

beforeAll(async () => {
  stage = await startDemoStage(1000);
  baseUrl = stage.baseUrl;
  browser = await launchBrowser();
  tab = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

describe("a contractor's day", () => {
  it('opens Northern Star from the company fleet and reads until when the job runs, with no renewal offered', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'contractor@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Harbour Marine Services fleet' }).waitFor();
    const row = page.getByRole('table', { name: 'Company fleet' }).getByRole('row').filter({ hasText: 'Northern Star' });
    expect(await row.locator('td[data-label="Owner"]').textContent()).toBe('Oscar Owner');
    await row.getByRole('link', { name: 'Northern Star' }).click();
    await page.waitForURL(/\/dashboard\/vessels\/\d+\/overview$/);
    overviewPath = new URL(page.url()).pathname;
    await page
      .getByTestId('access-until')
      .getByText(/^Your company.s access runs until /)
      .waitFor();
    // Renewing is for whoever manages the vessel's billing, never the contractor.
    expect(await page.getByRole('button', { name: 'Renew now' }).count()).toBe(0);
    expect(tab.pageErrors).toEqual([]);
  });

  it('works within the job: the devices, then the alerts, and no tab outside it', async () => {
    const { page } = tab;
    const sections = page.getByRole('navigation', { name: 'Vessel sections' });
    const tabs = (await sections.getByRole('link').allTextContents()).map((text) => text.trim());
    expect(tabs).toEqual(expect.arrayContaining(['Overview', 'Devices', 'Alerts']));
    for (const hidden of ['Location', 'Documents', 'Users', 'Audit log']) expect(tabs).not.toContain(hidden);
    await sections.getByRole('link', { name: 'Devices' }).click();
    await page.waitForURL(/\/devices$/);
    // Northern Star's subscription ran out: its last values, and who can renew — not a link that would refuse the contractor.
    await page.getByTestId('lapsed-values').getByText('Whoever manages its billing can renew the subscription.').waitFor({ timeout: 20_000 });
    await page.getByTestId('unsubscribed-commands').getByText('Whoever manages its billing can renew the subscription.').waitFor();
    expect(await page.getByRole('link', { name: /Subscribe or renew|^Renew$/ }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Saloon lights' }).waitFor();
    await sections.getByRole('link', { name: 'Alerts' }).click();
    await page.waitForURL(/\/alerts$/);
    await page.getByRole('group', { name: 'Alerts view' }).waitFor();
    expect(tab.pageErrors).toEqual([]);
  });

  // Twelve scans (three areas, two themes, two widths): minutes on a loaded two-core machine.
  it('finds no serious axe violation on the overview, devices and alerts in either theme at 1280 and 390 px, and the fleet and overview fit a 390 px phone', async () => {
    expect(overviewPath).not.toBe('');
    for (const theme of THEMES) {
      const { page, context, pageErrors } = await openPage(browser, { colorScheme: theme });
      try {
        await signIn(page, baseUrl, 'contractor@demo.test', DEMO_PASSWORD);
        await page.getByRole('heading', { name: 'Harbour Marine Services fleet' }).waitFor();
        if (theme === 'light') expect(await atPhoneWidth(page, () => fitsWidth(page))).toBe(true);
        for (const [area, ready] of [
          ['overview', () => page.getByTestId('access-until').waitFor()],
          ['devices', () => page.getByTestId('lapsed-values').waitFor({ timeout: 20_000 })],
          ['alerts', () => page.getByRole('group', { name: 'Alerts view' }).waitFor()],
        ] as const) {
          await page.goto(baseUrl + overviewPath.replace(/overview$/, area));
          await ready();
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          expect({ area, theme, violations: await axeViolations(page, theme) }).toEqual({ area, theme, violations: [] });
          await atPhoneWidth(page, async () => {
            expect({ area, theme, width: 390, violations: await axeViolations(page, theme) }).toEqual({ area, theme, width: 390, violations: [] });
            if (area === 'overview' && theme === 'light') expect(await fitsWidth(page)).toBe(true);
          });
        }
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 240_000);
});
