/**
 * Verifying a phone number for alarms in a real browser (Profile › Notifications), with the SMS
 * provider played by the local stand-in: the owner types a number not in international form
 * (told how to write it), then hers; the code arrives at the stand-in; a wrong code is refused
 * with the server's words by the field; the right one shows the number verified, with the
 * choice of a text or a call when an alarm goes unacknowledged. On a 390 px phone in the dark
 * theme, by keyboard; axe finds nothing serious in either theme. No sleeps.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsStandin, startSmsStandin } from '../../simulator/sms-standin.js';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, signIn } from './browser.js';

const SID = 'ACe2e0123456789';
const TOKEN = 'e2e-auth-token-0123456789abcdef';

let t: TestServer;
let standin: SmsStandin;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  await ensureWebBuild();
  standin = await startSmsStandin({ accountSid: SID, authToken: TOKEN, serverUrl: 'http://127.0.0.1:1' });
  t = await createTestServer({
    demo: true,
    listen: true,
    env: { SMS_PROVIDER_URL: standin.url, SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: '+15005550006' },
  });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  standin.setServer(baseUrl);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await standin?.close();
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

describe('a phone number in Notification settings', () => {
  it('is verified by the code texted to it, on a phone in the dark theme, by keyboard', async () => {
    const phone = await openPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const { page } = phone;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(`${baseUrl}/dashboard/profile/notifications`);
    const card = page.getByRole('region', { name: 'Alarms by text and call' });
    await card.getByText(/No phone number yet/).waitFor();
    expect(await violations(page, 'dark')).toEqual([]);

    const number = card.getByLabel('Phone number');
    await number.focus();
    await page.keyboard.type('07700 900123');
    await page.keyboard.press('Enter');
    await card
      .getByRole('alert')
      .getByText(/international form/)
      .waitFor();
    expect(standin.messages).toHaveLength(0);

    await number.fill('+44 7700 900123');
    await page.keyboard.press('Enter');
    const code = card.getByLabel('Code texted to +447700900123');
    await code.waitFor();
    const [text] = await standin.waitForMessages(1);
    expect(text.to).toBe('+447700900123');
    const sent = /\b(\d{6})\b/.exec(text.body)![1];

    await code.focus();
    await page.keyboard.type(sent === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await card.getByRole('alert').getByText('code: that is not the code sent to your phone').waitFor();

    await code.fill(sent);
    await page.keyboard.press('Enter');
    await card.getByText('Verified', { exact: true }).waitFor();
    await card.locator('strong', { hasText: '+447700900123' }).waitFor();
    const followUp = card.getByLabel(/When an alarm or emergency is not acknowledged after 60 seconds/);
    expect(await followUp.inputValue()).toBe('sms');
    await followUp.selectOption('voice');
    const token = await t.login('owner@demo.test');
    await expect.poll(async () => (await t.call('GET', '/api/profile/phone', { token })).body.data.followUp).toBe('voice');

    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page, 'dark')).toEqual([]);
    expect(phone.pageErrors).toEqual([]);
    await phone.context.close();
  });

  it('shows the verified number in the light theme, with nothing serious for axe', async () => {
    const desk = await openPage(browser);
    const { page } = desk;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(`${baseUrl}/dashboard/profile/notifications`);
    const card = page.getByRole('region', { name: 'Alarms by text and call' });
    await card.locator('strong', { hasText: '+447700900123' }).waitFor();
    expect(await violations(page, 'light')).toEqual([]);
    expect(desk.pageErrors).toEqual([]);
    await desk.context.close();
  });
});
