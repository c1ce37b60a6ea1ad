/**
 * The profile's areas in the browser. The owner's companies (Profile → Companies): the dealer that
 * looks after Sea Breeze is listed with the vessels it reaches; pausing it asks first and stops its
 * access at once; resuming gives it back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, signIn } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;

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

it('the owner pauses and resumes a company across all their vessels', async () => {
  const { page, pageErrors } = await openPage(browser);
  await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
  await page.waitForURL(/dashboard/);
  await page.goto(`${baseUrl}/dashboard/profile`);
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Companies' }).click();
  const list = page.getByRole('list', { name: 'Companies with access' });
  const dealer = list.getByRole('listitem').filter({ hasText: 'Riviera Yachts' });
  await dealer.waitFor();
  await dealer.getByRole('button', { name: /vessels?$/ }).click();
  await dealer.getByRole('link', { name: 'Sea Breeze' }).waitFor();

  const dealerToken = await t.login('dealer@demo.test');
  const seaBreeze = (await t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  const reaches = async () => (await t.call('GET', `/api/vessel/${seaBreeze}/devices`, { token: dealerToken })).status;
  expect(await reaches()).toBe(200);

  await dealer.getByRole('button', { name: 'Pause Riviera Yachts' }).click();
  await page.getByRole('dialog', { name: 'Pause Riviera Yachts?' }).getByRole('button', { name: 'Pause access' }).click();
  await dealer.getByText('Paused').waitFor();
  expect(await reaches()).toBe(403);

  await dealer.getByRole('button', { name: 'Resume Riviera Yachts' }).click();
  await page.getByText('Riviera Yachts has its access again').first().waitFor();
  expect(await reaches()).toBe(200);
  expect(pageErrors).toEqual([]);
}, 60_000);

it('shows in the sidebar a navigation component an administrator added for a page of the app', async () => {
  const admin = await t.login('admin@demo.test');
  const added = await t.call('POST', '/api/admin/navigationComponents', {
    token: admin,
    payload: { code: 'MY_COMPANIES', name: 'My companies', path: '/dashboard/profile/vendors', menuOrder: 5, audience: 'all' },
  });
  expect(added.status).toBe(200);
  const { page, pageErrors } = await openPage(browser);
  await signIn(page, baseUrl, 'owner2@demo.test', DEMO_PASSWORD);
  await page.waitForURL(/dashboard/);
  await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'My companies' }).click();
  await page.getByRole('heading', { name: 'Companies with access' }).waitFor();
  expect(pageErrors).toEqual([]);
}, 60_000);

it('invites crew with the name the crew will know them by until they accept', async () => {
  const { page, pageErrors } = await openPage(browser);
  await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
  await page.waitForURL(/dashboard/);
  const seaBreeze = (await t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  await page.goto(`${baseUrl}/dashboard/vessels/${seaBreeze}/users`);
  const invite = page.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('E-mail').fill('marco@example.test');
  await invite.getByLabel('Name').fill('Marco (skipper)');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await page.getByText('Invitation sent').first().waitFor();
  const row = page.getByRole('listitem').filter({ hasText: 'Marco (skipper)' });
  await row.getByText('Invitation pending').waitFor();
  expect(pageErrors).toEqual([]);
}, 60_000);
