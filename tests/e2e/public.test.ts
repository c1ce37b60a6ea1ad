/**
 * The public pages and shared interface elements, in a real browser against the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { listOutbox } from '../../src/platform/mail.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, type TestPage } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let tab: TestPage;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function fresh(): Promise<TestPage> {
  await tab?.context.close();
  tab = await openPage(browser);
  return tab;
}

describe('public pages', () => {
  it('shows the landing page with the login form and version 2.0.0', async () => {
    const { page, pageErrors } = await fresh();
    await page.goto(baseUrl + '/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText('Version 2.0.0').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('says why a login failed', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/');
    await page.getByLabel('E-mail').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(page.url()).toBe(baseUrl + '/');
  });

  it('opens the terms on EULA, follows the selected tab in the URL, and survives a reload', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/terms');
    await page.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor();
    await page.getByText('By using this site or any LINK Services you are agreeing to the terms and conditions outlined below.').waitFor();
    await expect(page.getByRole('tab', { name: 'End User Licence Agreement' }).getAttribute('aria-selected')).resolves.toBe('true');

    await page.getByRole('tab', { name: 'Privacy Policy' }).click();
    await page.waitForURL(baseUrl + '/terms/PRIVACY-POLICY');
    await page.getByText('Last updated 15/05/2019').waitFor();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Privacy Policy' }).getAttribute('aria-selected')).resolves.toBe('true');
  });

  it('matches the tab code ignoring case, and moves between tabs with the arrow keys', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/terms/dpa');
    await expect(page.getByRole('tab', { name: 'Data Processing Agreement' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByRole('tab', { name: 'Data Processing Agreement' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(baseUrl + '/terms/PRIVACY-POLICY');
  });

  it('shows EULA with a notice for an unknown tab code', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/terms/cookies');
    await page.getByText('There is no “cookies” document').waitFor();
    await expect(page.getByRole('tab', { name: 'End User Licence Agreement' }).getAttribute('aria-selected')).resolves.toBe('true');
  });

  it('offers the store links on the mobile app page and returns home', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/mobile-app');
    await expect(page.getByRole('link', { name: /Google Play/ }).getAttribute('href')).resolves.toContain('play.google.com');
    await expect(page.getByRole('link', { name: /App Store/ }).getAttribute('href')).resolves.toContain('apps.apple.com');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(baseUrl + '/');
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page } = await fresh();
    const response = await page.goto(baseUrl + '/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('asks for a new link when the password reset link has no token', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/password-reset');
    await page.getByText('This link is incomplete').waitFor();
  });

  it('signs in with a one-time link by e-mail, from the link on the sign-in form', async () => {
    const email = 'skipper@example.com';
    const password = 'a-long-enough-password-1';
    expect((await t.call('POST', '/api/register/createAccount', { payload: { email, password, firstName: 'Sam', lastName: 'Skipper' } })).status).toBe(200);
    await t.database.db('users').where({ email }).update({ status: 'active' });
    const { page, pageErrors } = await fresh();
    await page.goto(baseUrl + '/');
    await page.getByRole('link', { name: 'E-mail me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Sign in with a link' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    const mail = (await listOutbox(t.database.db)).find((m) => m.to === email && m.subject === 'Vessel Link: your sign-in link');
    const link = /https?:\/\/\S+\/sign-in-link\?token=(\S+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    await page.goto(`${baseUrl}/sign-in-link?token=${link![1]}`);
    await page.waitForURL(/\/dashboard/);
    // The same link again, in a new browser: used once, it says so and offers a new one.
    const again = await fresh();
    await again.page.goto(`${baseUrl}/sign-in-link?token=${link![1]}`);
    await again.page.getByText('This sign-in link is invalid, expired or already used').waitFor();
    await again.page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('lets the skip link be the first stop of the keyboard', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
  });
});

describe('shared interface elements (testing page)', () => {
  it('keeps at most three toasts at the bottom right, 300 px wide', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/testing');
    for (const name of ['Blank', 'Success', 'Error', 'Action failed']) await page.getByRole('button', { name, exact: true }).click();
    await page.getByText('Saving the vessel has failed with status code 500').waitFor();
    await expect(page.locator('.toast:not(.is-dismissed)').count()).resolves.toBe(3);
    const box = await page.locator('.toaster').boundingBox();
    expect(box?.width).toBe(300);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(1280 - 16);
  });

  it('asks before closing a modal with unsaved changes', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/testing');
    await page.getByRole('button', { name: 'Open modal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit a note' });
    await dialog.getByLabel('Note').fill('Check the anchor windlass');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByText('You have made changes that will not be saved if you close the modal.').waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(dialog.getByLabel('Note').inputValue()).resolves.toBe('Check the anchor windlass');
    await page.keyboard.press('Escape');
    await page.getByText('You have made changes that will not be saved if you close the modal.').waitFor();
    await page.locator('.modal').getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('offers only Close in the error dialog for a 404', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/testing');
    await page.getByLabel('Status').selectOption('404');
    await page.getByRole('button', { name: 'Show error' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Something went wrong').waitFor();
    await expect(dialog.getByRole('button').allTextContents()).resolves.toEqual(['Close']);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('sends an error report with the comment', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/testing');
    await page.getByRole('button', { name: 'Show error' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Anonymous data related to this error has been generated. You can optionally add a comment.').waitFor();
    await dialog.getByRole('button', { name: 'View Report' }).click();
    await dialog.getByLabel('Error report').waitFor();
    await dialog.getByLabel('Comment').fill('Happened while testing');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/utility/error') && request.method() === 'POST');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    const report = (await sent).postDataJSON();
    expect(report).toMatchObject({ status: 500, comment: 'Happened while testing', uiVersion: '2.0.0', platform: 'CLOUD_API' });
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the Connection Issue dialog after lost connections, and closing it reloads', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/testing');
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await page.getByRole('button', { name: 'Simulate lost connection' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Connection Issue' });
    await dialog.getByText('There is an issue with the server connection.', { exact: false }).waitFor();
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Close' }).click()]);
    await expect(page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).resolves.toBeUndefined();
  });

  it('switches to the dark theme and keeps it after a reload', async () => {
    const { page } = await fresh();
    await page.goto(baseUrl + '/');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.reload();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    await expect(page.evaluate(() => Object.keys(localStorage).sort())).resolves.toEqual(['vessel-link.theme', 'vessel-link.version']);
  });
});
