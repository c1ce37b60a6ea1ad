/**
 * The account's theme (issue 44): chosen in Settings it is saved with the account, and a user
 * whose stored theme is dark gets it when signing in on a fresh browser (one that prefers light);
 * a user with no theme (null, follow the device) keeps the device's colour-scheme setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, signIn } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const signedIn = async (page: Page, email: string) => {
  await signIn(page, baseUrl, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
  await page.getByRole('link', { name: 'Messages' }).first().waitFor();
};
const storedTheme = async (email: string) => (await t.call('GET', '/api/profile/preferences', { token: await t.login(email) })).body.data.theme;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the account’s theme', () => {
  it('is saved from Settings, and a fresh browser that prefers light signs in dark', async () => {
    expect(await storedTheme('owner2@demo.test')).toBeNull();
    const first = await openPage(browser, { colorScheme: 'light' });
    await signedIn(first.page, 'owner2@demo.test');
    expect(await themeOf(first.page)).toBe('light');
    await first.page.goto(`${baseUrl}/dashboard/profile/preferences`);
    await first.page.getByRole('radio', { name: 'Same as the device' }).waitFor();
    expect(await first.page.getByRole('radio', { name: 'Same as the device' }).isChecked()).toBe(true);
    await first.page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => themeOf(first.page)).toBe('dark');
    await expect.poll(() => storedTheme('owner2@demo.test')).toBe('dark');
    expect(first.pageErrors).toEqual([]);
    await first.context.close();

    const fresh = await openPage(browser, { colorScheme: 'light' });
    await fresh.page.goto(baseUrl + '/');
    expect(await themeOf(fresh.page)).toBe('light');
    await signedIn(fresh.page, 'owner2@demo.test');
    await expect.poll(() => themeOf(fresh.page)).toBe('dark');
    // This device's own switch still wins until the next sign-in, and is not saved.
    await fresh.page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await themeOf(fresh.page)).toBe('light');
    await fresh.page.reload();
    await fresh.page.getByRole('link', { name: 'Messages' }).first().waitFor();
    expect(await themeOf(fresh.page)).toBe('light');
    expect(await storedTheme('owner2@demo.test')).toBe('dark');
    expect(fresh.pageErrors).toEqual([]);
    await fresh.context.close();
  });

  it('without a stored theme keeps the device’s colour scheme', async () => {
    expect(await storedTheme('crew@demo.test')).toBeNull();
    for (const scheme of ['dark', 'light'] as const) {
      const tab = await openPage(browser, { colorScheme: scheme });
      await signedIn(tab.page, 'crew@demo.test');
      expect(await themeOf(tab.page)).toBe(scheme);
      expect(tab.pageErrors).toEqual([]);
      await tab.context.close();
    }
  });
});
