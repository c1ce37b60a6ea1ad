/**
 * Issue 48: the yard is one tap from an alarm. Sea Breeze's simulated bridge drains the house
 * battery (the low-battery scenario) until its alarm monitor raises an alarm; the owner asks
 * Riviera Yachts from the alarm in two taps (the button, then Send in the dialog); the dealer,
 * already on the company fleet, sees the request arrive with its chart without reloading, opens
 * its thread and marks it done, and the owner finds it in Sea Breeze's service log. Axe scans the
 * dialog and the dealer's list in both themes, the dark one on a phone. No sleeps: every step waits
 * for what the user would see.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BridgeHandle } from '../../simulator/index.js';
import { DEMO_PASSWORD } from '../helpers/server.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';
import { startDemoStage, type DemoStage } from './stage.js';

vi.setConfig({ testTimeout: 90_000 });

let stage: DemoStage;
let browser: Browser;
let baseUrl: string;
let seaBreezeId: number;
let seaBreezeBridge: BridgeHandle;
let owner: TestPage;
let dealer: TestPage;

beforeAll(async () => {
  // Bridges tick twice as often as `npm start`'s: the low-battery alarm comes within seconds.
  stage = await startDemoStage(500);
  baseUrl = stage.baseUrl;
  seaBreezeBridge = stage.fleet.bridges.find((bridge) => bridge.serial === 'VL-DEMO-0001')!;
  seaBreezeId = (await stage.t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  browser = await launchBrowser();
  owner = await openPage(browser);
  dealer = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

/** Serious and critical axe violations: every WCAG 2.1 A/AA rule in the light theme, the colour rules in the dark one (as tests/e2e/accessibility.test.ts). */
async function violations(page: Page, theme: 'light' | 'dark'): Promise<string[]> {
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  const result = await (
    theme === 'light' ? axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']) : axe.withRules(['color-contrast', 'link-in-text-block'])
  ).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

describe('a service request from an alarm', () => {
  it('the dealer waits on the company fleet, with no request open', async () => {
    const { page } = dealer;
    await signIn(page, baseUrl, 'dealer@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Riviera Yachts fleet' }).waitFor();
    await page.getByRole('heading', { name: 'Service requests (0 open)' }).waitFor();
    await page.getByText('No open service request.').waitFor();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  });

  it('the owner asks Riviera Yachts from the alarm in two taps', async () => {
    const { page } = owner;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    void seaBreezeBridge.injectScenario('low-battery');
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/alerts`);
    const alarm = page.getByTestId('active-alert').filter({ hasText: /House battery low/ });
    await alarm.waitFor({ timeout: 30_000 });
    // Tap one: the button on the alarm.
    await alarm.getByRole('button', { name: 'Ask Riviera Yachts to look at this' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask Riviera Yachts to look at this' });
    await expect(dialog.getByLabel('Message (optional)').inputValue()).resolves.toMatch(/^Could you look at this alarm\? .*House battery low/);
    expect(await violations(page, 'light')).toEqual([]);
    // Tap two: send.
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Riviera Yachts was asked to look at it').waitFor();
    await alarm.getByText('Asked Riviera Yachts').waitFor();
    await alarm.getByRole('link', { name: 'Open the thread' }).waitFor();
  });

  it('the dealer sees the request with its chart in the company fleet without reloading', async () => {
    const { page, pageErrors } = dealer;
    const request = page.getByTestId('service-request').filter({ hasText: 'Sea Breeze' });
    await request.waitFor({ timeout: 10_000 });
    await page.getByRole('heading', { name: 'Service requests (1 open)' }).waitFor();
    await request
      .getByText(/House battery low/)
      .first()
      .waitFor();
    await request.getByText('Asked by Olivia Owner').waitFor();
    // The chart of the battery's last 24 h, drawn (a line, not the empty note).
    await request.getByRole('img', { name: /State of charge, the 24 hours before the request/ }).waitFor();
    expect(await request.locator('.service-request__chart path').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await settled(page);
    expect(await violations(page, 'light')).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('on a phone in the dark theme, the list fits and passes the colour rules', async () => {
    const phone = await openPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const { page } = phone;
    await signIn(page, baseUrl, 'dealer2@demo.test', DEMO_PASSWORD);
    await page.getByTestId('service-request').filter({ hasText: 'Sea Breeze' }).waitFor();
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page, 'dark')).toEqual([]);
    await phone.context.close();
  });

  it('the dealer opens the thread, marks the request done from the keyboard, and the owner finds it in the service log', async () => {
    const { page } = dealer;
    const request = page.getByTestId('service-request').filter({ hasText: 'Sea Breeze' });
    await request.getByRole('link', { name: 'Open the thread' }).click();
    await page
      .getByText(/The house bank|Could you look at this alarm\?/)
      .first()
      .waitFor();
    await page.goBack();
    await request.getByRole('button', { name: /^Mark done/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Mark done: Sea Breeze' });
    await dialog.getByLabel('What was done (optional)').fill('Tested the house bank: one cell failed, replaced it.');
    await dialog.getByRole('button', { name: 'Mark done' }).click();
    await page.getByText('Marked done: it is in Sea Breeze’s service log').waitFor();
    await page.getByRole('heading', { name: 'Service requests (0 open)' }).waitFor();

    await owner.page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/service`);
    await owner.page
      .getByText(/Alarm: .*House battery low/)
      .first()
      .waitFor();
    await owner.page.getByText('Tested the house bank: one cell failed, replaced it.').waitFor();
  });
});
