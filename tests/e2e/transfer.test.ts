/**
 * Issue 48's sale in Chromium, on the demo stage: owner@demo.test transfers Blue Horizon from its
 * settings (with the e-mailed code) to an address without an account; the buyer creates one from
 * the mail's link on a phone, accepts on the fleet page, and finds the vessel's history,
 * documents and service log, and the transfer in its audit log; the seller no longer sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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
    const code = linkToken((await lastMailTo(t.database.db, 'owner@demo.test'))!.text!, /\n\n([A-Z0-9]{8})\n\n/);
    await dialog.getByLabel('Confirmation code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText(`Waiting for ${BUYER} to accept`).waitFor();
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
    await offered.getByRole('button', { name: 'Accept…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept Blue Horizon' });
    await dialog
      .getByRole('group', { name: 'Who keeps access' })
      .getByRole('checkbox', { name: /Riviera Yachts/ })
      .check();
    await dialog.getByRole('button', { name: 'Accept and own Blue Horizon' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Blue Horizon is yours').waitFor();
    await offered.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Blue Horizon' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
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
    expect(pageErrors).toEqual([]);
  });

  it('the seller no longer sees it', async () => {
    const { page, pageErrors } = seller;
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Sea Breeze' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Blue Horizon' }).count()).toBe(0);
    const token = await t.login('owner@demo.test');
    expect((await t.call('GET', `/api/vessel/${vesselId}`, { token })).status).toBe(404);
    expect((await lastMailTo(t.database.db, 'owner@demo.test'))!.subject).toBe(`Blue Horizon now belongs to ${BUYER}`);
    expect(pageErrors).toEqual([]);
  });
});
