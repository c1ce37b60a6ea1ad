/**
 * Issue 48's sale in Chromium, on the demo stage: owner@demo.test transfers Blue Horizon from its
 * settings (with the e-mailed code) to an address without an account; the buyer creates one from
 * the mail's link on a phone, accepts on the fleet page, and finds the vessel's history,
 * documents and service log, and the transfer in its audit log; the seller no longer sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { lastMailTo, linkToken } from '../helpers/mail.js';
import { DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { eventually } from '../mqtt/helpers.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';
import { startDemoStage, type DemoStage } from './stage.js';

const BUYER = 'new.owner@example.com';
const BUYER_PASSWORD = 'blue-horizon-is-mine';

let stage: DemoStage;
let t: TestServer;
let browser: Browser;
let baseUrl: string;
let vesselId: number;
let seller: TestPage;
let buyer: TestPage;
let trackBefore: number;

const boundary = 'transferboundary';
const textFile = (name: string, data: string) => ({
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="survey.txt"\r\nContent-Type: text/plain\r\n\r\n${data}\r\n--${boundary}--\r\n`,
  ),
});
const lastHour = () => `from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;

/**
 * Serious and critical axe violations (tests/e2e/accessibility.test.ts): every WCAG 2.1 A/AA rule
 * in the light theme, the colour rules in the dark one.
 */
async function violations(page: Page, theme: 'light' | 'dark'): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  const result = await (
    theme === 'light' ? axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']) : axe.withRules(['color-contrast', 'link-in-text-block'])
  ).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  ({ t, baseUrl } = stage = await startDemoStage());
  vesselId = (await t.database.db('vessels').where({ name: 'Blue Horizon' }).first('id')).id;
  const token = await t.login('owner@demo.test');
  // Riviera Yachts looks after the boat; the buyer keeps it on.
  const riviera = (await t.database.db('companies').where({ name: 'Riviera Yachts' }).first('id')).id;
  expect((await t.call('POST', `/api/vessel/${vesselId}/addCompany/${riviera}`, { token, payload: { permissions: { deviceManager: 'VIEW' } } })).status).toBe(
    200,
  );
  // What the buyer should find: a document, a service done, and the track the demo bridge records.
  expect((await t.call('POST', `/api/vessel/${vesselId}/documents`, { token, ...textFile('Hull survey 2026', 'Hull sound, anodes replaced.') })).status).toBe(
    200,
  );
  const item = (await t.call('POST', `/api/vessel/${vesselId}/service`, { token, payload: { name: 'Rigging inspection', intervalMonths: 12 } })).body.data;
  expect(
    (
      await t.call('POST', `/api/vessel/${vesselId}/service/${item.id}/complete`, {
        token,
        payload: { doneBy: 'Antibes Rigging', notes: 'Shrouds retensioned' },
      })
    ).status,
  ).toBe(200);
  trackBefore = await eventually(
    async () => {
      const points = (await t.call('GET', `/api/vessel/${vesselId}/locationHistory?${lastHour()}`, { token })).body.data.length;
      return points > 0 ? points : undefined;
    },
    'a track of Blue Horizon',
    60_000,
  );
  browser = await launchBrowser();
  seller = await openPage(browser);
  buyer = await openPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

describe('selling Blue Horizon to a new account', () => {
  it('the owner offers it from the vessel’s settings, confirmed with the e-mailed code', async () => {
    const { page, pageErrors } = seller;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/settings`);
    const section = page.getByRole('region', { name: 'Transfer to a new owner' });
    await section.getByRole('button', { name: 'Transfer Blue Horizon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer Blue Horizon' });
    await dialog.getByLabel('New owner’s e-mail address').fill(BUYER);
    await dialog.getByRole('button', { name: 'Send me the code' }).click();
    await dialog.getByLabel('Confirmation code').waitFor();
    const code = linkToken((await lastMailTo(t.database.db, 'owner@demo.test', /confirmation code/))!.text!, /\n\n([A-Z0-9]{8})\n\n/);
    await dialog.getByLabel('Confirmation code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText(`Waiting for ${BUYER} to accept`).waitFor();
    expect(await violations(page, 'light')).toEqual([]);
    // The owner's side on a phone in the dark theme: fits the width, passes the colour rules.
    const phone = await openPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    await signIn(phone.page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await phone.page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await phone.page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/settings`);
    await phone.page.getByRole('region', { name: 'Transfer to a new owner' }).getByRole('button', { name: 'Cancel the transfer' }).waitFor();
    expect(await fitsWidth(phone.page)).toBe(true);
    expect(await violations(phone.page, 'dark')).toEqual([]);
    await phone.context.close();
    // Until the buyer answers, the vessel is still the seller's.
    expect((await t.database.db('vessels').where({ id: vesselId }).first('owner_id')).owner_id).toBe(
      (await t.database.db('users').where({ email: 'owner@demo.test' }).first('id')).id,
    );
    expect(pageErrors).toEqual([]);
  });

  it('the buyer creates an account from the mail’s link and accepts on the fleet page', async () => {
    const { page, pageErrors } = buyer;
    const mail = (await lastMailTo(t.database.db, BUYER))!;
    expect(mail.subject).toBe('Blue Horizon is being transferred to you on Vessel Link');
    const token = linkToken(mail.text!, /password-reset\?token=(\S+)/);
    await page.goto(`${baseUrl}/password-reset?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill(BUYER_PASSWORD);
    await page.getByLabel('Confirm new password').fill(BUYER_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, baseUrl, BUYER, BUYER_PASSWORD);

    const offered = page.getByRole('region', { name: 'Vessels offered to you' });
    await offered.getByText('Blue Horizon').waitFor();
    expect(await violations(page, 'dark')).toEqual([]);
    // The buyer's side in the light theme too, list and dialog, reached from the keyboard.
    const light = await openPage(browser, { width: 390, height: 844, colorScheme: 'light' });
    await signIn(light.page, baseUrl, BUYER, BUYER_PASSWORD);
    const lightOffer = light.page.getByRole('region', { name: 'Vessels offered to you' });
    await lightOffer.getByText('Blue Horizon').waitFor();
    expect(await violations(light.page, 'light')).toEqual([]);
    await lightOffer.getByRole('button', { name: 'Accept…' }).focus();
    await light.page.keyboard.press('Enter');
    const lightDialog = light.page.getByRole('dialog', { name: 'Accept Blue Horizon' });
    await lightDialog.getByRole('checkbox', { name: /Riviera Yachts/ }).waitFor();
    expect(await violations(light.page, 'light')).toEqual([]);
    await light.page.keyboard.press('Escape');
    await lightDialog.waitFor({ state: 'detached' });
    await light.context.close();

    await offered.getByRole('button', { name: 'Accept…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept Blue Horizon' });
    await dialog.getByRole('checkbox', { name: /Riviera Yachts/ }).waitFor();
    expect(await violations(page, 'dark')).toEqual([]);
    await dialog
      .getByRole('group', { name: 'Who keeps access' })
      .getByRole('checkbox', { name: /Riviera Yachts/ })
      .check();
    await dialog.getByRole('button', { name: 'Accept and own Blue Horizon' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Blue Horizon is yours').waitFor();
    await offered.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Blue Horizon' }).first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(pageErrors).toEqual([]);
    const dealer = await t.login('dealer@demo.test');
    expect((await t.call('GET', `/api/vessel/${vesselId}`, { token: dealer })).status).toBe(200);
  });

  it('the buyer finds its history, documents and service log, and the transfer in its audit log', async () => {
    const { page, pageErrors } = buyer;
    const token = await t.login(BUYER, BUYER_PASSWORD);
    const track = (await t.call('GET', `/api/vessel/${vesselId}/locationHistory?${lastHour()}`, { token })).body.data;
    expect(track.length).toBeGreaterThanOrEqual(trackBefore);

    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/documents`);
    await page.getByText('Hull survey 2026').first().waitFor();
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/service`);
    const log = page.getByRole('region', { name: 'Service log' });
    await log.getByText('Shrouds retensioned').waitFor();
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/log`);
    await page.getByText('ownership transferred').first().waitFor();
    await page.getByText(`from owner@demo.test to ${BUYER}`).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('the seller no longer sees it', async () => {
    const { page, pageErrors } = seller;
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Sea Breeze' }).first().waitFor();
    // The fleet shows its last known state first (offline use), then the server's.
    await expect.poll(() => page.getByRole('link', { name: 'Blue Horizon' }).count()).toBe(0);
    const token = await t.login('owner@demo.test');
    expect((await t.call('GET', `/api/vessel/${vesselId}`, { token })).status).toBe(404);
    expect((await lastMailTo(t.database.db, 'owner@demo.test'))!.subject).toBe(`Blue Horizon now belongs to ${BUYER}`);
    expect(pageErrors).toEqual([]);
  });
});
