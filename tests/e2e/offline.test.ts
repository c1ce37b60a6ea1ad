/**
 * Losing the network (issue 44) in Chromium, with the browser's own offline switch
 * (`context.setOffline`): under an open vessel page the status says the phone is offline instead
 * of "Online" and "Live", the live values' age shows and grows, failed requests open the
 * Connection Issue dialog (spec 000 §4) and it closes by itself when the network is back; and the
 * installed app, opened again offline twice, keeps the user signed in with the last known values.
 */
import type { MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import { ensureWebBuild, launchBrowser, openPage, signIn } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;

const publishVoltage = (value: number) =>
  client.publishAsync(
    `bridges/${bridge.serial}/delta`,
    delta([{ path: 'electrical.batteries.house.voltage', value }], { timestamp: new Date().toISOString() }),
    {
      qos: 1,
    },
  );

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-OFFLINE');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  await publishVoltage(12.5);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await client?.endAsync();
  await browser?.close();
  await t?.close();
});

const overview = () => `${baseUrl}/dashboard/vessels/${bridge.vesselId}/overview`;
const liveData = (page: Page) => page.getByTestId('live-data');
const header = (page: Page) => page.locator('.vessel__header');
const vesselTab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Vessel sections' }).getByRole('link', { name, exact: true });
const connectionIssue = (page: Page) => page.getByRole('alertdialog', { name: 'Connection Issue' });

/** Signed in as the owner on the vessel's overview, with live values arriving and the offline copy written. */
async function ownerOnVessel(page: Page): Promise<void> {
  await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.goto(overview());
  await page.getByRole('heading', { name: 'Sea Breeze', level: 1 }).waitFor();
  await expect.poll(() => liveData(page).textContent(), { timeout: 20_000 }).not.toMatch(/Connecting/);
  // A value published while the page's stream is still being set up reaches the store but not
  // the page, so the bridge sends it again until the page shows it, as a real bridge's next delta would.
  await expect
    .poll(
      async () => {
        await publishVoltage(12.9);
        return (await liveData(page).textContent()) === 'Live' && (await page.getByText(/12\.9/).first().isVisible());
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
  // The copy is written a second after the values change.
  await page.waitForFunction(
    (id) =>
      (localStorage.getItem('vessel-link.offline-cache') ?? '').includes(`"vessels",${id},"devices"]`) &&
      localStorage.getItem('vessel-link.offline-cache')!.includes('12.9'),
    bridge.vesselId,
  );
}

/** The browser offline, and the server out of reach too: Chromium's offline switch does not cover what the service worker fetches. */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route(`${baseUrl}/**`, (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

describe('losing the network under an open vessel page', () => {
  it('says so honestly, ages the last values, opens the Connection Issue dialog and closes it when the network is back', async () => {
    const { context, page, pageErrors } = await openPage(browser, { width: 390, height: 844 });
    // The page's clock runs as usual, and can be moved on to show the age growing.
    await page.clock.install();
    await ownerOnVessel(page);
    await header(page).getByText('Online', { exact: true }).waitFor();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await goOffline(context);
    await header(page).getByText('Unknown: you are offline').waitFor();
    await expect.poll(() => liveData(page).textContent()).toBe('Not live: you are offline');
    await expect(header(page).getByText('Online', { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByText('Live', { exact: true }).count()).resolves.toBe(0);
    await header(page).getByText('Offline: last known, just now').waitFor();

    // A value sent now never reaches the page: its stream is closed while offline.
    await publishVoltage(13.4);
    await page.clock.fastForward('03:00');
    await header(page).getByText('Offline: last known, 3 minutes ago').waitFor();
    await expect(page.getByText(/13\.4/).count()).resolves.toBe(0);
    await page.getByText(/12\.9/).first().waitFor();

    // Looking around offline: each request fails, and more than 3 in a row open the dialog.
    await vesselTab(page, 'Notes').click();
    await connectionIssue(page).waitFor({ timeout: 20_000 });
    await connectionIssue(page)
      .getByText(/There is an issue with the server connection/)
      .waitFor();

    // Back online: the next request succeeds, the dialog closes by itself (no reload), the stream comes back.
    await goOnline(context);
    await connectionIssue(page).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await vesselTab(page, 'Overview').click();
    await expect.poll(() => liveData(page).textContent(), { timeout: 20_000 }).not.toBe('Not live: you are offline');
    await publishVoltage(13.1);
    await expect.poll(() => liveData(page).textContent(), { timeout: 20_000 }).toBe('Live');
    await header(page).getByText('Online', { exact: true }).waitFor();
    await header(page)
      .getByText(/Offline: last known/)
      .waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('the installed app opened again offline', () => {
  it('keeps the user signed in with the last known values, the second time too', async () => {
    const { context, page, pageErrors } = await openPage(browser, { width: 390, height: 844 });
    await ownerOnVessel(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await goOffline(context);

    for (const opening of ['first', 'second']) {
      await page.goto(overview());
      await page.getByRole('heading', { name: 'Sea Breeze', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname, `${opening} opening`).toBe(`/dashboard/vessels/${bridge.vesselId}/overview`);
      await page.getByText(/12\.9/).first().waitFor();
      await header(page).getByText('Unknown: you are offline').waitFor();
      await header(page)
        .getByText(/Offline: last known, (just now|\d+ minutes? ago)/)
        .waitFor();
      // Every request at start failed: the dialog says so; closing it offline keeps the page (a reload could reach nothing).
      await connectionIssue(page).waitFor();
      await connectionIssue(page).getByRole('button', { name: 'Close' }).click();
      await connectionIssue(page).waitFor({ state: 'detached' });
      await page.getByText(/12\.9/).first().waitFor();
    }
    const stored = await page.evaluate(() => ({
      account: localStorage.getItem('vessel-link.account'),
      copy: localStorage.getItem('vessel-link.offline-cache'),
    }));
    expect(stored.account).toContain('"token"');
    expect(stored.copy).toContain('12.9');

    // With the network back the same session goes on (it was never signed out).
    await goOnline(context);
    await page.goto(overview());
    await page.getByRole('heading', { name: 'Sea Breeze', level: 1 }).waitFor();
    await header(page).getByText('Online', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/vessels/${bridge.vesselId}/overview`);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
