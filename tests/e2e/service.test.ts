/**
 * A dealer's service round in the web app: dealer@demo.test opens Services due from the company
 * fleet, finds Sea Breeze's overdue oil change at the top, opens the vessel's Service tab and
 * logs the service done with notes; the item restarts its interval and the log shows the entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let tab: TestPage;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  browser = await launchBrowser();
  tab = await openPage(browser, { width: 360, height: 800 });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("a dealer's service round", () => {
  it('sees Sea Breeze’s overdue oil change first among the services due', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'dealer@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Riviera Yachts fleet' }).waitFor();
    await page.getByRole('link', { name: 'Services due' }).first().click();
    await page.getByRole('heading', { name: 'Services due' }).waitFor();
    const first = page.locator('.service-item').first();
    await first.waitFor();
    expect(await first.textContent()).toContain('Sea Breeze');
    expect(await first.textContent()).toContain('Engine oil and filter change');
    expect(await first.textContent()).toContain('Overdue');
    await page.getByText('1 overdue · 1 due soon · 3 scheduled').waitFor();
  });

  it('logs the service done on the vessel’s Service tab', async () => {
    const { page, pageErrors } = tab;
    await page.locator('.service-item').first().getByRole('link', { name: 'Sea Breeze' }).click();
    await page.getByRole('heading', { name: 'Service schedule' }).waitFor();
    const oil = page.locator('.service-item').filter({ hasText: 'Engine oil and filter change' });
    await oil.getByText('Overdue').waitFor();
    await page.getByRole('button', { name: 'Log Engine oil and filter change as done' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Engine oil and filter change as done' });
    await dialog.getByLabel('Run hours then').fill('1234');
    await dialog.getByLabel('Done by').fill('Dana Dealer, Riviera Yachts');
    await dialog.getByLabel('Notes').fill('Oil 15W-40, 18 l; filter replaced');
    await dialog.getByRole('button', { name: 'Log service' }).click();
    await dialog.waitFor({ state: 'detached' });
    await oil.getByText('In time').waitFor();
    expect(await oil.textContent()).toContain('at 1,234 h');
    const log = page.getByRole('region', { name: 'Service log' });
    await log.getByText('Oil 15W-40, 18 l; filter replaced').waitFor();
    expect(await log.textContent()).toContain('Dana Dealer, Riviera Yachts');
    expect(pageErrors).toEqual([]);

    const entry = await t.database.db('service_log').where({ item_name: 'Engine oil and filter change' }).first();
    expect(entry).toMatchObject({ run_hours: 1234, done_by: 'Dana Dealer, Riviera Yachts' });
  });
});
