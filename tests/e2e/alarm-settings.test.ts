/**
 * The alarm settings in the browser: the owner puts Sea Breeze in survey mode with the bilge
 * suppressed, builds an escalation ladder, chooses when an outage is announced, and sets quiet hours on their profile; the crew member
 * (no edit rights) mutes the vessel for themselves with "Notify me". What the screens show is what
 * the server then holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, pairedBridge, publishInventory, vesselIdByName } from '../mqtt/helpers.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let vesselId: number;
const SHOTS = process.env.ALARM_SHOTS;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  vesselId = await vesselIdByName(t, 'Sea Breeze');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('alarm settings', () => {
  let tab: TestPage;
  let bridge: Awaited<ReturnType<typeof pairedBridge>>;

  it('the owner sets the mode, a suppression and an escalation ladder on the Settings tab', async () => {
    tab = await openPage(browser);
    const { page } = tab;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL(/dashboard/);
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/settings`);

    await expect.poll(() => page.getByRole('switch', { name: /you are notified/ }).getAttribute('aria-checked')).toBe('true');
    await page.getByLabel('Current mode').selectOption('in-survey');
    await page.getByText('Alarm settings saved').first().waitFor();

    await page.getByLabel('Add an alarm source').fill('environment.inside.bilge');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Suppress environment.inside.bilge in survey' }).check();
    await page.getByRole('button', { name: 'Save suppressions' }).click();
    await page.getByText('Suppressions saved').first().waitFor();

    await page.getByRole('button', { name: 'Add a step' }).click();
    await page.getByRole('button', { name: 'Add a step' }).click();
    await page.getByLabel('Step 2: minutes after the alarm').fill('10');
    await page.getByLabel('Step 2: who').selectOption({ label: 'Riviera Yachts (company)' });
    await page.getByRole('button', { name: 'Save the ladder' }).click();
    await page.getByText('Escalation ladder saved').first().waitFor();

    // The offline notice's delay: out of range is refused before it is sent, 30 minutes is saved.
    const offline = page.getByLabel('Offline notice after (minutes)', { exact: true });
    await offline.fill('0');
    await page.getByText('Between 1 and 1440 minutes.').waitFor();
    expect(await page.getByRole('button', { name: 'Save offline notice after (minutes)' }).isDisabled()).toBe(true);
    await offline.fill('30');
    await page.getByRole('button', { name: 'Save offline notice after (minutes)' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save offline notice after (minutes)' }).isDisabled()).toBe(true);
    expect(await offline.inputValue()).toBe('30');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/alarm-settings-light.png`, fullPage: true });

    const settings = (await t.call('GET', `/api/vessel/${vesselId}/alarmSettings`, { token: await t.login('owner@demo.test') })).body.data;
    expect(settings.mode).toBe('in-survey');
    expect(settings.offlineMinutes).toBe(30);
    expect(settings.suppressions['in-survey']).toEqual(['environment.inside.bilge']);
    const company = await t.database.db('companies').where({ name: 'Riviera Yachts' }).first();
    expect((await t.call('GET', `/api/vessel/${vesselId}/escalation`, { token: await t.login('owner@demo.test') })).body.data.steps).toEqual([
      { afterMinutes: 0, target: { kind: 'role', role: 'owner' } },
      { afterMinutes: 10, target: { kind: 'company', companyId: company.id } },
    ]);
    expect(tab.pageErrors).toEqual([]);
  }, 60_000);

  it('the owner sees a shelved alarm with its reason and puts it back in service', async () => {
    const { page } = tab;
    const owner = await t.login('owner@demo.test');
    bridge = await pairedBridge(t, await t.login('admin@demo.test'), 'Sea Breeze', 'BR-E2E-SHELF');
    const client = await connectBridge(t, bridge);
    await publishInventory(client, bridge.serial);
    await client.publishAsync(
      `bridges/${bridge.serial}/delta`,
      delta([{ path: 'notifications.bilge.aft', value: { state: 'alarm', message: 'Bilge high' } }]),
      { qos: 1 },
    );
    const alert = await eventually(async () => (await t.call('GET', '/api/alerts/active', { token: owner })).body.data[0], 'the alarm');
    const until = new Date(Date.now() + 4 * 3600_000).toISOString();
    await t.call('POST', `/api/vessel/${vesselId}/alerts/${alert.id}/shelve`, { token: owner, payload: { reason: 'Surveyor testing the bilge', until } });
    await client.endAsync();

    await page.reload();
    await page.getByText('Surveyor testing the bilge').waitFor();
    await page.getByRole('button', { name: 'Put notifications.bilge.aft back in service now' }).click();
    await page.getByText('No alarm is shelved.').waitFor();
    expect((await t.call('GET', `/api/vessel/${vesselId}/alerts/shelved`, { token: owner })).body.data).toEqual([]);
    expect(tab.pageErrors).toEqual([]);
  }, 60_000);

  it('while the bridge is away every value on the Devices tab is stale since it went, and fresh once it is back', async () => {
    const { page } = tab;
    let client = await connectBridge(t, bridge);
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12.8 }]), { qos: 1 });
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/devices`);
    await page.getByText('12.8', { exact: false }).first().waitFor();
    expect(await page.getByText(/stale since/).count()).toBe(0);

    // The live stream says the bridge went: the values say since when.
    await client.endAsync();
    await page
      .getByText(/stale since/)
      .first()
      .waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/devices-stale-since-light.png`, fullPage: true });
    client = await connectBridge(t, bridge);
    await expect.poll(() => page.getByText(/stale since/).count()).toBe(0);
    await client.endAsync();
    expect(tab.pageErrors).toEqual([]);
  }, 60_000);

  it('the owner sets quiet hours and a minimum e-mail priority on Profile › Notifications', async () => {
    const { page } = tab;
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.getByLabel('E-mail').selectOption('alarm');
    await page.getByLabel(/Keep alarms from me during quiet hours/).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification settings saved').first().waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-notifications-light.png`, fullPage: true });
    const saved = (await t.call('GET', '/api/profile/notificationSettings', { token: await t.login('owner@demo.test') })).body.data;
    expect(saved).toEqual({ minPriority: { email: 'alarm', push: 'caution', inApp: 'caution' }, quietHours: { start: '22:00', end: '07:00' } });
    expect(tab.pageErrors).toEqual([]);
    await tab.context.close();
  }, 60_000);

  it('a crew member mutes the vessel for themselves, on a phone, in the dark theme', async () => {
    const crew = await openPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const { page } = crew;
    await signIn(page, baseUrl, 'crew@demo.test', DEMO_PASSWORD);
    await page.waitForURL(/dashboard/);
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/settings`);
    const toggle = page.getByRole('switch', { name: /you are notified/ });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('switch', { name: /you muted this vessel/ }).getAttribute('aria-checked')).toBe('false');
    // Crew reads the mode (alertManager VIEW) but cannot change it.
    await expect.poll(() => page.getByLabel('Current mode').isDisabled()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/alarm-settings-phone-dark.png`, fullPage: true });
    const own = (await t.call('GET', `/api/vessel/${vesselId}/userNotifications`, { token: await t.login('crew@demo.test') })).body.data;
    expect(own.enabled).toBe(false);
    expect(crew.pageErrors).toEqual([]);
    await crew.context.close();
  }, 60_000);
});
