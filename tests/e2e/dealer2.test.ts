/**
 * The second staff member of a dealer (docs/product.md §6): dealer2@demo.test, staff of Riviera
 * Yachts without any management permission, signs in and lands on the company fleet — Sea Breeze
 * live from its simulated bridge, its owner, what the owner's grant opens, who works on it — finds
 * it with the fleet's filters, and opens it within the company's grant. The fleet passes axe in
 * both themes and fits a 390 px phone.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../helpers/server.js';
import { axeViolations, fitsWidth, THEMES } from './axe.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';
import { startDemoStage, type DemoStage } from './stage.js';

vi.setConfig({ testTimeout: 90_000 });

let stage: DemoStage;
let browser: Browser;
let baseUrl: string;
let tab: TestPage;

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

describe("the second dealer staff member's day", () => {
  it('lands on the company fleet: Sea Breeze live, its owner, the grant and who works on it', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'dealer2@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Riviera Yachts fleet' }).waitFor();
    const fleet = page.getByRole('table', { name: 'Company fleet' });
    const row = fleet.getByRole('row').filter({ hasText: 'Sea Breeze' });
    await row.getByText('Online').waitFor({ timeout: 20_000 });
    expect(await row.locator('td[data-label="Owner"]').textContent()).toBe('Olivia Owner');
    expect(await row.locator('td[data-label="Access"]').textContent()).toMatch(/devices \(manage\)/);
    await page.getByText(/^1 vessel · 1 online · \d+ active alarms?$/).waitFor();
    await page.getByText('Working on these vessels for the company: Dana Dealer, Dev Dealer').waitFor();
    await page.getByRole('region', { name: "Map of the fleet's last known positions" }).waitFor();
    // Only the vessels owners gave the company.
    expect(
      await fleet
        .getByRole('row')
        .filter({ hasText: /Blue Horizon|Northern Star/ })
        .count(),
    ).toBe(0);
  });

  it('filters the fleet and opens Sea Breeze within the grant', async () => {
    const { page } = tab;
    await page.getByRole('combobox', { name: /^Show/ }).selectOption({ label: 'Offline' });
    await page.getByText('No vessel matches.').waitFor();
    await page.getByRole('combobox', { name: /^Show/ }).selectOption({ label: 'Online' });
    await page.getByLabel('Find', { exact: true }).fill('olivia');
    const row = page.getByRole('table', { name: 'Company fleet' }).getByRole('row').filter({ hasText: 'Sea Breeze' });
    await row.getByRole('link', { name: 'Sea Breeze' }).click();
    await page.waitForURL(/\/dashboard\/vessels\/\d+\/overview$/);
    const sections = page.getByRole('navigation', { name: 'Vessel sections' });
    await sections.getByRole('link', { name: 'Devices' }).waitFor();
    await page.getByRole('heading', { name: 'Sea Breeze' }).first().waitFor();
    expect(tab.pageErrors).toEqual([]);
  });

  it('finds no serious axe violation on the company fleet in either theme, and it fits a 390 px phone', async () => {
    for (const theme of THEMES) {
      const { page, context, pageErrors } = await openPage(browser, { colorScheme: theme, width: 390, height: 844 });
      try {
        await signIn(page, baseUrl, 'dealer2@demo.test', DEMO_PASSWORD);
        await page.getByRole('heading', { name: 'Riviera Yachts fleet' }).waitFor();
        await page.getByRole('table', { name: 'Company fleet' }).getByRole('row').filter({ hasText: 'Sea Breeze' }).waitFor();
        expect(await fitsWidth(page)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect({ theme, violations: await axeViolations(page, theme) }).toEqual({ theme, violations: [] });
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
