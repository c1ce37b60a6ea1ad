/**
 * Time-boxed company access in the web app: the demo contractor (Harbour Marine Services, a
 * devices-and-alerts job on Northern Star until three weeks from now) sees exactly those areas,
 * and nothing once the job has ended (the server's clock is moved, never waited for); Northern
 * Star's owner sees the grant on the Users tab, opens its dialog, gives another company access
 * for a week and revokes it after confirming, and finds the contractor's first visit in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let northernStar: number;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  northernStar = (await t.database.db('vessels').where({ name: 'Northern Star' }).first()).id;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("the contractor's service job", () => {
  let tab: TestPage;

  it('shows Northern Star with its devices and alerts, and no documents, location or users', async () => {
    tab = await openPage(browser);
    const { page } = tab;
    await signIn(page, baseUrl, 'contractor@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Harbour Marine Services fleet' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Northern Star' }).waitFor();

    await page.goto(`${baseUrl}/dashboard/vessels/${northernStar}/devices`);
    const sections = page.getByRole('navigation', { name: 'Vessel sections' });
    await sections.getByRole('link', { name: 'Devices' }).waitFor();
    const tabs = (await sections.getByRole('link').allTextContents()).map((text) => text.trim());
    expect(tabs).toEqual(expect.arrayContaining(['Overview', 'Devices', 'Alerts']));
    for (const hidden of ['Location', 'Documents', 'Users', 'Audit log']) expect(tabs).not.toContain(hidden);

    await sections.getByRole('link', { name: 'Alerts' }).click();
    await page.waitForURL(/\/alerts$/);
    // A link to a tab outside the job lands on the overview, saying why, without asking for the documents.
    await page.goto(`${baseUrl}/dashboard/vessels/${northernStar}/documents`);
    await page.waitForURL(/\/overview\?refused=documents$/);
    await page.getByTestId('tab-refused').getByText('does not include Documents', { exact: false }).waitFor();
    // The contractor sees until when the job's access runs.
    await page
      .getByTestId('access-until')
      .getByText(/^Your company.s access runs until /)
      .waitFor();
    expect(tab.pageErrors).toEqual([]);
  });

  it('shows nothing of Northern Star once the job has ended', async () => {
    const { page } = tab;
    const grant = await t.database.db('vessel_members').whereNotNull('company_id').where({ vessel_id: northernStar }).first();
    t.server.app.ctx.clock.set(Date.parse(grant.ends_at) + 60_000);
    try {
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'Harbour Marine Services fleet' }).waitFor();
      await page.getByText(/No vessel is open to Harbour Marine Services/).waitFor();
      expect(await page.getByRole('row').filter({ hasText: 'Northern Star' }).count()).toBe(0);

      await page.goto(`${baseUrl}/dashboard/vessels/${northernStar}/devices`);
      // About a second alone; it took over the page's 10 s once, in a CI run on a loaded two-core host.
      await page.getByText('Vessel not found').waitFor({ timeout: 30_000 });
      expect(await page.getByRole('navigation', { name: 'Vessel sections' }).count()).toBe(0);
    } finally {
      t.server.app.ctx.clock.reset();
      await tab.context.close();
    }
  });
});

describe("the owner's grant dialog", () => {
  it('lists the grant with its window, opens it, gives a company a week of alerts and revokes it after confirming', async () => {
    const { page, pageErrors, context } = await openPage(browser);
    await signIn(page, baseUrl, 'owner2@demo.test', DEMO_PASSWORD);
    await page
      .getByRole('link', { name: /Northern Star/ })
      .first()
      .click();
    await page.getByRole('navigation', { name: 'Vessel sections' }).getByRole('link', { name: 'Users' }).click();
    const harbour = page.getByRole('listitem').filter({ hasText: 'Harbour Marine Services' });
    await harbour.getByText(/^Current until/).waitFor();

    await harbour.getByRole('button', { name: 'Edit the access of Harbour Marine Services' }).click();
    const dialog = page.getByRole('dialog', { name: 'Access of Harbour Marine Services' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Ends/).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(await dialog.getByRole('radio', { name: 'Devices: manage' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'Documents: deny' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Give a company access' }).click();
    const give = page.getByRole('dialog', { name: 'Give a company access' });
    await give.getByLabel('Company').selectOption({ label: 'Riviera Yachts (dealer)' });
    const inAWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    const local = `${inAWeek.getUTCFullYear()}-${String(inAWeek.getUTCMonth() + 1).padStart(2, '0')}-${String(inAWeek.getUTCDate()).padStart(2, '0')}T12:00`;
    await give.getByLabel(/^Ends/).fill(local);
    await give.getByRole('radio', { name: 'Alerts: view' }).check();
    await give.getByRole('button', { name: 'Give access' }).click();
    await give.waitFor({ state: 'detached' });

    const riviera = page.getByRole('listitem').filter({ hasText: 'Riviera Yachts' });
    await riviera.getByText(/^Current until/).waitFor();
    await riviera.getByText('Not used yet').waitFor();
    const stored = await t.database.db('vessel_members').where({ vessel_id: northernStar }).whereNotNull('company_id').orderBy('id', 'desc').first();
    expect(JSON.parse(stored.permissions)).toMatchObject({ alertManager: 'VIEW', deviceManager: 'DENY' });
    expect(stored.ends_at).not.toBeNull();

    await riviera.getByRole('button', { name: 'Revoke the access of Riviera Yachts' }).click();
    await page.getByRole('dialog', { name: 'Revoke access' }).getByRole('button', { name: 'Revoke' }).click();
    await riviera.waitFor({ state: 'detached' });

    // The contractor's first visit is in the vessel's audit log, with the company and the person.
    await page.getByRole('navigation', { name: 'Vessel sections' }).getByRole('link', { name: 'Audit log' }).click();
    const firstUse = page.getByRole('listitem').filter({ hasText: 'company access first used' });
    await firstUse.getByText('contractor@demo.test').waitFor();
    await firstUse.getByText('for Harbour Marine Services').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
