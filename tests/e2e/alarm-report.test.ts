/**
 * The monthly alarm report in a real browser: a bridge raises alarms over MQTT, one goes on and
 * off within seconds, the owner acknowledges one; from the Alerts tab the owner opens "Monthly
 * report", which starts on the last full month (nothing yet: the empty state), picks this month
 * and reads the figures in words and as bars; a month still to come is refused with the server's
 * reason and a way to try again. On a 390 px phone in the dark theme the page fits the width and
 * the month is chosen with the keyboard. axe finds nothing serious at either width.
 */
import type { MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../contracts/alerts.js';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import { axeViolations, fitsWidth } from './axe.js';
import { ensureWebBuild, launchBrowser, openPage, signIn } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let owner: string;
/** This month and the next, by the server's clock in the owner's time zone (UTC). */
let month: string;
let nextMonth: string;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-E2E-REPORT');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  owner = await t.login('owner@demo.test');
  browser = await launchBrowser();
  const now = new Date(t.server.app.ctx.clock.now());
  month = now.toISOString().slice(0, 7);
  nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15)).toISOString().slice(0, 7);
}, 180_000);

afterAll(async () => {
  await client?.endAsync();
  await browser?.close();
  await t?.close();
});

let seq = 0;
const notify = async (path: string, value: { state: string; message: string } | null) => {
  await client.publishAsync(
    `bridges/${bridge.serial}/delta`,
    delta([{ path: `notifications.${path}`, value }], { timestamp: new Date(Date.now() + seq++).toISOString() }),
    {
      qos: 1,
    },
  );
  await t.server.plugins.notifications.delivery.idle();
};

describe('the monthly alarm report in the browser', () => {
  it('opens from the Alerts tab on the last full month, then shows the chosen month in words and bars', async () => {
    await notify('bilge.high', { state: 'alarm', message: 'Bilge water high' });
    await notify('engine.overheat', { state: 'emergency', message: 'Engine overheating' });
    for (const value of [{ state: 'warn', message: 'Anchor dragging' }, null, { state: 'warn', message: 'Anchor dragging' }, null])
      await notify('anchor.drag', value);
    const alerts = (await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token: owner })).body.data as Alert[];
    const bilge = alerts.find((a) => a.path === 'notifications.bilge.high')!;
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/${bilge.id}/ack`, { token: owner })).status).toBe(200);

    const desk = await openPage(browser);
    const { page } = desk;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(`${baseUrl}/dashboard/vessels/${bridge.vesselId}/alerts`);
    await page.getByRole('link', { name: 'Monthly report' }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/vessels/${bridge.vesselId}/alerts/report`);
    await page.getByRole('heading', { name: 'Monthly alarm report', level: 2 }).waitFor();
    // The vessel's tab strip still says where the page belongs.
    expect(await page.getByRole('navigation', { name: 'Vessel sections' }).getByRole('link', { name: 'Alerts' }).getAttribute('aria-current')).toBe('page');
    await page.getByText(/^No alarms in \w+ \d{4}\.$/).waitFor();
    await page.getByText("Months run in the owner's time zone (UTC).").waitFor();

    await page.getByLabel('Month', { exact: true }).fill(month);
    await page.waitForURL((url) => url.searchParams.get('month') === month);
    const summary = page.locator('.alarm-report__summary');
    await summary.getByText(/is still under way/).waitFor();
    expect(await summary.textContent()).toMatch(
      /4 alarms were raised on Sea Breeze; those acknowledged took \d+ s at the median, \d+ s at worst; 3 were never acknowledged\.$/,
    );
    const priorities = page.getByRole('list', { name: 'Alarms by priority' }).getByRole('listitem');
    expect((await priorities.allTextContents()).map((text) => text.replace(/\s+/g, ''))).toEqual(['Emergency1', 'Alarm1', 'Warning2', 'Caution0']);
    const channels = page.getByRole('list', { name: 'Notifications by channel' }).getByRole('listitem');
    expect(await channels.allTextContents()).toEqual([expect.stringMatching(/^E-mail[1-9]\d*$/), 'Push0', 'SMS0', 'Voice call0']);
    await page.getByText(/^Anchor dragging — 4 changes, up to 4 in a minute; 2 alarms raised/).waitFor();
    expect(await page.getByRole('region', { name: 'Standing alarms' }).getByText('None.').count()).toBe(1);
    expect(await axeViolations(page, 'light')).toEqual([]);

    await page.getByLabel('Month', { exact: true }).fill(nextMonth);
    await page.getByRole('alert').getByText('month must not be in the future').waitFor();
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).waitFor();
    expect(desk.pageErrors).toEqual([]);
    await desk.context.close();
  });

  it('fits a 390 px phone in the dark theme, the month chosen by keyboard, with nothing for axe to find', async () => {
    const phone = await openPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const { page } = phone;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(`${baseUrl}/dashboard/vessels/${bridge.vesselId}/alerts/report`);
    await page.getByText(/^No alarms in \w+ \d{4}\.$/).waitFor();
    await page.getByRole('link', { name: '← Alerts' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('month');
    // The month segment steps on (December to January in the same year, as Chromium's field does).
    const shownMonth = await page.getByLabel('Month', { exact: true }).inputValue();
    const stepped = `${shownMonth.slice(0, 4)}-${String((Number(shownMonth.slice(5, 7)) % 12) + 1).padStart(2, '0')}`;
    await page.keyboard.press('ArrowUp');
    await page.waitForURL((url) => url.searchParams.get('month') === stepped);
    if (stepped !== month) await page.goto(`${baseUrl}/dashboard/vessels/${bridge.vesselId}/alerts/report?month=${month}`);
    await page.getByRole('list', { name: 'Alarms by priority' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page, 'dark')).toEqual([]);
    expect(await axeViolations(page, 'light')).toEqual([]);
    expect(phone.pageErrors).toEqual([]);
    await phone.context.close();
  });
});
