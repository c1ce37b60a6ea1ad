/**
 * "Download everything" (issue 48 item 2) in Chromium at a phone's width, in both themes: the
 * button is reached with the keyboard, the archive is fetched with progress shown and saved by
 * the browser, non-empty and starting with vessel.json; the section passes axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

const PHONE = 390;

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let seaBreezeId: number;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  seaBreezeId = (await t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Serious and critical axe violations (tests/e2e/accessibility.test.ts): every WCAG 2.1 A/AA rule in the light theme, the colour rules in the dark one. */
async function violations(page: Page, theme: 'light' | 'dark'): Promise<string[]> {
  const axe = new AxeBuilder({ page })
    .include('[data-testid="export-section"]')
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  const result = await (
    theme === 'light' ? axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']) : axe.withRules(['color-contrast', 'link-in-text-block'])
  ).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each(['light', 'dark'] as const)('Download everything at 390 px, %s theme', (theme) => {
  let tab: TestPage;
  beforeAll(async () => {
    tab = await openPage(browser, { width: PHONE, height: 800, colorScheme: theme });
    await signIn(tab.page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await tab.page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
  });
  afterAll(() => tab?.context.close());

  it('downloads a non-empty archive with progress, from the keyboard', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/settings`);
    const button = page.getByRole('button', { name: 'Download everything' });
    await button.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await violations(page, theme)).toEqual([]);

    // Reached with Tab alone.
    let reached = false;
    for (let i = 0; i < 200 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent === 'Download everything');
    }
    expect(reached).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^sea-breeze-\d{4}-\d\d-\d\d\.tar$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const archive = Buffer.concat(chunks);
    expect(archive.length).toBeGreaterThan(1024);
    expect(archive.toString('utf8', 0, 11)).toBe('vessel.json');
    expect(archive.toString('utf8', 257, 262)).toBe('ustar');
    await page.getByText(/^Downloaded \(\d/).waitFor();
    expect(tab.pageErrors).toEqual([]);
  });
});

describe('who sees it', () => {
  it('is not offered to crew without userManager MANAGE', async () => {
    const { page, context } = await openPage(browser, { width: PHONE, height: 800 });
    try {
      await signIn(page, baseUrl, 'crew@demo.test', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
      await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/settings`);
      await page.getByRole('heading', { name: 'Vessel', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Download everything' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
