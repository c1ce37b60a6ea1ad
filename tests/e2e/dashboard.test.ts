/**
 * The signed-in app in a real browser: the session guard, the fleet, and a vessel whose bridge
 * (a real MQTT client speaking docs/protocol.md) sends live values and answers commands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MqttClient } from 'mqtt';
import type { DeviceInventory } from '../../src/mqtt/protocol.js';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { answerPuts, connectBridge, delta, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

const INVENTORY: DeviceInventory = {
  devices: [
    {
      id: 'house-battery',
      name: 'House battery',
      category: 'power',
      properties: [
        { path: 'electrical.batteries.house.voltage', displayName: 'Voltage', units: 'V', writable: false },
        { path: 'electrical.batteries.house.capacity.stateOfCharge', displayName: 'State of charge', units: 'ratio', writable: false, min: 0, max: 1 },
      ],
    },
    {
      id: 'saloon-lights',
      name: 'Saloon lights',
      category: 'lighting',
      properties: [{ path: 'electrical.switches.bank.0.1.state', displayName: 'On', units: 'bool', writable: true, min: 0, max: 1 }],
    },
    {
      id: 'saloon-climate',
      name: 'Saloon climate',
      category: 'climate',
      properties: [{ path: 'environment.inside.saloon.temperature', displayName: 'Temperature', units: 'K', writable: false }],
    },
  ],
};

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let tab: TestPage;

async function publish(values: Array<{ path: string; value: unknown }>) {
  await client.publishAsync(`bridges/${bridge.serial}/delta`, delta(values, { timestamp: new Date().toISOString() }), { qos: 1 });
}

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial, INVENTORY);
  await publish([
    { path: 'electrical.batteries.house.voltage', value: 12.61 },
    { path: 'electrical.batteries.house.capacity.stateOfCharge', value: 0.8 },
    { path: 'electrical.switches.bank.0.1.state', value: 0 },
    { path: 'environment.inside.saloon.temperature', value: 295.15 },
  ]);
  browser = await launchBrowser();
  tab = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await client?.endAsync();
  await browser?.close();
  await t?.close();
});

/** Every vessel tab is a child route; the vessel's own path redirects to the overview. */
const vesselUrl = (tabName = 'overview') => `${baseUrl}/dashboard/vessels/${bridge.vesselId}/${tabName}`;

/** The page must not have reloaded: a marker set on window survives only within one page load. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  return async () => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);
}

describe('session', () => {
  it('sends a signed-out visitor to the login page and back to the page they asked for', async () => {
    const { page } = tab;
    await page.goto(vesselUrl());
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('redirect'));
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL(vesselUrl());
    await page.getByRole('heading', { name: 'Sea Breeze', level: 1 }).waitFor();
  });

  it('stays signed in after a reload, keeping only the account state, the theme and the last known data for offline use', async () => {
    const { page } = tab;
    await page.reload();
    await page.getByRole('heading', { name: 'Sea Breeze', level: 1 }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('vessel-link.offline-cache') !== null);
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(keys.filter((key) => key !== 'vessel-link.theme')).toEqual(['vessel-link.account', 'vessel-link.offline-cache', 'vessel-link.version']);
  });
});

describe('fleet', () => {
  it('lists the owner’s vessels with their online state', async () => {
    const { page } = tab;
    await page.goto(baseUrl + '/dashboard');
    const seaBreeze = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sea Breeze' }) });
    await seaBreeze.getByText('Online').waitFor();
    await page.getByRole('heading', { name: 'Blue Horizon' }).waitFor();
    // Pending invitations, if the demo has any for this owner, open a modal over the fleet.
    const invitations = page.getByRole('dialog', { name: 'Vessel invitations' });
    if (
      await invitations.waitFor({ timeout: 1500 }).then(
        () => true,
        () => false,
      )
    ) {
      await invitations.getByRole('button', { name: 'Close' }).click();
      await invitations.waitFor({ state: 'detached' });
    }
    await seaBreeze.getByRole('link').click();
    await page.waitForURL(vesselUrl());
  });
});

describe('vessel dashboard', () => {
  it('opens on the overview with the live values of the bridge', async () => {
    const { page } = tab;
    await page.goto(vesselUrl());
    await expect(page.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).resolves.toBe('page');
    await page.locator('.figure', { hasText: 'Battery voltage' }).getByText('12.61 V').waitFor();
    await page.getByRole('meter', { name: 'House battery' }).waitFor();
    await expect(page.getByRole('meter', { name: 'House battery' }).getAttribute('aria-valuenow')).resolves.toBe('80');
  });

  it('updates values from the live stream without reloading', async () => {
    const { page } = tab;
    await page.locator('.figure', { hasText: 'Battery voltage' }).getByText('12.61 V').waitFor();
    const stillHere = await markPage(page);
    await publish([{ path: 'electrical.batteries.house.voltage', value: 12.18 }]);
    await page.locator('.figure', { hasText: 'Battery voltage' }).getByText('12.18 V').waitFor();
    await expect(stillHere()).resolves.toBe(true);
  });

  it('converts SI units to the chosen unit system', async () => {
    const { page } = tab;
    const figure = page.locator('.figure', { hasText: 'Inside temperature' });
    await figure.getByText('22.0 °C').waitFor();
    await page.getByRole('button', { name: /Switch to imperial/ }).click();
    await figure.getByText('71.6 °F').waitFor();
    await page.getByRole('button', { name: /Switch to metric/ }).click();
    await figure.getByText('22.0 °C').waitFor();
  });

  it('switches a light: pending until the bridge confirms, then confirmed', async () => {
    const { page } = tab;
    const requests = await answerPuts(client, bridge.serial, () => null);
    await page.goto(vesselUrl('devices'));
    const light = page.getByRole('switch', { name: 'Saloon lights On' });
    await expect(light.getAttribute('aria-checked')).resolves.toBe('false');
    await light.click();
    // The live stream may report SENT before the HTTP answer: either way the control is pending.
    await page.getByText(/Sending…|Sent, waiting for the bridge…|Acknowledged, waiting for the value…/).waitFor();
    // Busy, not disabled: keyboard focus stays on the control after its command.
    await expect(light.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(light.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0].put).toEqual({ path: 'electrical.switches.bank.0.1.state', value: 1 });

    const response = { requestId: requests[0].requestId, state: 'COMPLETED', statusCode: 200 };
    await client.publishAsync(`bridges/${bridge.serial}/put/response`, JSON.stringify(response), { qos: 1 });
    // A command is confirmed once the bridge accepted it and the value read back matches.
    await publish([{ path: 'electrical.switches.bank.0.1.state', value: 1 }]);
    await page.getByText('✓ Confirmed').waitFor();
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
  });

  it('says why a command failed', async () => {
    const { page } = tab;
    const requests = await answerPuts(client, bridge.serial, () => null);
    const before = requests.length;
    await page.getByRole('switch', { name: 'Saloon lights On' }).click();
    await expect.poll(() => requests.length).toBe(before + 1);
    const response = { requestId: requests[before].requestId, state: 'FAILED', statusCode: 502 };
    await client.publishAsync(`bridges/${bridge.serial}/put/response`, JSON.stringify(response), { qos: 1 });
    await page.getByText('✕ The device did not answer').waitFor();
    await page.getByText(/Saloon lights: On has failed with status code 502/).waitFor();
  });

  it('opens the overview from the vessel’s own path and keeps the tab in the URL across a reload', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard/vessels/${bridge.vesselId}`);
    await page.waitForURL(vesselUrl('overview'));
    await page.goto(vesselUrl('alerts'));
    await expect(page.getByRole('navigation', { name: 'Vessel sections' }).getByRole('link', { name: 'Alerts' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    await page.getByRole('link', { name: 'Notes' }).click();
    await page.waitForURL(vesselUrl('notes'));
    await page.reload();
    await expect(page.getByRole('link', { name: 'Notes' }).getAttribute('aria-current')).resolves.toBe('page');
  });

  it('shows the offline banner, with the last seen time in UTC, when the bridge goes away', async () => {
    const { page } = tab;
    await page.goto(vesselUrl());
    await page.getByText('Online', { exact: true }).first().waitFor();
    await client.endAsync(true);
    await page
      .getByText(/This vessel is offline\. Last seen \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} UTC\. The values shown are the last known\./)
      .waitFor({ timeout: 15_000 });
  });

  it('offers to queue a command until the offline vessel is back, for as long as the user chooses', async () => {
    const { page } = tab;
    await page.goto(vesselUrl('devices'));
    await page.getByText('A command you give now waits until the vessel is back.', { exact: false }).waitFor();
    await page.getByLabel(/Queue until the vessel is back/).selectOption({ label: '15 minutes' });
    const sent = page.waitForRequest((request) => request.url().endsWith('/sendCommand'));
    await page.getByRole('switch', { name: 'Saloon lights On' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ queueForSeconds: 900 });
    await page.getByText(/Queued until the vessel is back/).waitFor();
  });
});

describe('sign out', () => {
  it('clears the session and protects the dashboard again', async () => {
    const { page } = tab;
    await page.goto(baseUrl + '/dashboard');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.evaluate(() => localStorage.getItem('vessel-link.account'))).resolves.toBeNull();
    await expect(page.evaluate(() => localStorage.getItem('vessel-link.offline-cache'))).resolves.toBeNull();
    await page.goto(baseUrl + '/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    expect(tab.pageErrors).toEqual([]);
  });
});
