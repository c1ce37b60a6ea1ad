/**
 * A dealer's working day in the web app (ROLES.md): dealer@demo.test signs in and lands on the
 * company fleet, where Sea Breeze (whose owner gave Riviera Yachts access) shows live from its
 * simulated bridge; adds a client by e-mail, writes a note on them, invites a staff member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { lastMailTo } from '../helpers/mail.js';
import { DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { startDemoStage, type DemoStage } from './stage.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';

const CLIENT = 'new.client@example.test';
const HIRE = 'new.hire@example.test';

let stage: DemoStage;
let t: TestServer;
let browser: Browser;
let baseUrl: string;
let tab: TestPage;

beforeAll(async () => {
  ({ t, baseUrl } = stage = await startDemoStage(1000));
  browser = await launchBrowser();
  tab = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

describe("a dealer's day", () => {
  it('lands on the company fleet, where Sea Breeze is live', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'dealer@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Riviera Yachts fleet' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Sea Breeze' });
    await row.waitFor();
    await row.getByText('Online').waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('Olivia Owner');
    // One word per column: its services, and its alarms as a count of active ones.
    await row.getByRole('cell', { name: 'Active', exact: true }).waitFor();
    expect(await row.locator('td[data-label="Alarms"]').textContent()).toMatch(/^(None|\d+ active)$/);
    // Only the vessels owners gave the company: not Blue Horizon, not Northern Star.
    expect(await page.getByRole('row').filter({ hasText: 'Blue Horizon' }).count()).toBe(0);
    expect(await page.getByRole('row').filter({ hasText: 'Northern Star' }).count()).toBe(0);
    await page.getByRole('region', { name: "Map of the fleet's last known positions" }).waitFor();
  });

  it('adds a client by e-mail and writes a note on them', async () => {
    const { page } = tab;
    await page.getByRole('link', { name: 'Organisation' }).first().click();
    await page.getByRole('heading', { name: 'Riviera Yachts' }).first().waitFor();
    await page.getByRole('navigation', { name: 'Organisation sections' }).getByRole('link', { name: 'Clients' }).click();
    await page.getByLabel('Client’s e-mail address').fill(CLIENT);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('link', { name: CLIENT }).waitFor();
    await expect.poll(async () => (await lastMailTo(t.database.db, CLIENT))?.subject ?? '').toContain('Riviera Yachts invites you to be their client');

    await page.getByRole('link', { name: CLIENT }).click();
    await page.getByRole('heading', { name: CLIENT }).waitFor();
    await page.getByLabel('New note').fill('Wants the antifouling done before May');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Wants the antifouling done before May').waitFor();
    // The note is signed with its author once the server's answer is in.
    await page.getByText('Dana Dealer ·').first().waitFor();
  });

  it('invites a staff member', async () => {
    const { page } = tab;
    await page.getByRole('navigation', { name: 'Organisation sections' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByLabel('E-mail address').fill(HIRE);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const invited = page.getByRole('listitem').filter({ hasText: HIRE });
    await invited.getByText(/Invited/).waitFor();
    await expect.poll(async () => (await lastMailTo(t.database.db, HIRE))?.subject ?? '').toContain('join its staff');
    expect(tab.pageErrors).toEqual([]);
  });

  it('an invited person accepts on their own home and lands on the company fleet, with the Organisation entry', async () => {
    const dealer = await t.login('dealer@demo.test');
    expect((await t.call('POST', '/api/org/inviteStaff?email=crew@demo.test', { token: dealer })).status).toBe(200);
    const crew = await openPage(browser);
    try {
      await signIn(crew.page, baseUrl, 'crew@demo.test', DEMO_PASSWORD);
      const invitations = crew.page.getByRole('region', { name: 'Invitations from companies' });
      await invitations.getByText('Riviera Yachts').waitFor();
      expect(await crew.page.getByRole('link', { name: 'Organisation' }).count()).toBe(0);
      await invitations.getByRole('button', { name: 'Accept' }).click();
      await crew.page.getByRole('heading', { name: 'Riviera Yachts fleet' }).waitFor();
      await crew.page.getByRole('link', { name: 'Organisation' }).first().waitFor();
      expect(crew.pageErrors).toEqual([]);
    } finally {
      await crew.context.close();
    }
  });
});
