/**
 * A vessel whose cloud services have ended, in the browser (docs/decisions.md, "Lapsed
 * services"): its devices and position are the last stored before the end, said so with the time,
 * and the owner is offered Renew.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { MqttClient } from 'mqtt';
import { connectBridge, delta, eventually, pairedBridge, publishInventory, storedCurrent } from '../mqtt/helpers.js';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

const DAY = 86_400_000;
let t: TestServer;
let browser: Browser;
let baseUrl: string;
let tab: TestPage;
let client: MqttClient;
let vesselId: number;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const admin = await t.login('admin@demo.test');
  // Northern Star's subscription ended 35 days ago; a bridge first paired 8 days ago ended its test period a day ago.
  const bridge = await pairedBridge(t, admin, 'Northern Star', 'BR-LAPSE-E2E');
  vesselId = bridge.vesselId;
  await t.database
    .db('bridges')
    .where({ id: bridge.id })
    .update({ first_paired_at: new Date(Date.now() - 8 * DAY).toISOString() });
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  await eventually(async () => (await t.database.db('device_properties').where({ bridge_id: bridge.id })).length > 0, 'inventory');
  const before = new Date(Date.now() - 2 * DAY).toISOString();
  await client.publishAsync(
    `bridges/${bridge.serial}/delta`,
    delta(
      [
        { path: 'electrical.batteries.house.voltage', value: 12.6 },
        { path: 'navigation.position', value: { latitude: 50.8, longitude: -1.3 } },
      ],
      { timestamp: before },
    ),
    { qos: 1 },
  );
  // Measured now, after the end: not stored.
  await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 11.1 }]), { qos: 1 });
  await eventually(() => storedCurrent(t, bridge.id, 'electrical.batteries.house.voltage'), 'the voltage stored');
  browser = await launchBrowser();
  tab = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await client?.endAsync();
  await browser?.close();
  await t?.close();
});

describe('a vessel whose services have ended', () => {
  it('shows its devices with the last values from before the end, and when that was, with Renew', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner2@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/devices`);
    const notice = page.getByTestId('lapsed-values');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Last values before the test period ended, .+\d\d:\d\d.*\. Renew$/);
    await page.getByText('12.60 V').first().waitFor();
    expect(await page.getByText('11.10 V').count()).toBe(0);
    await notice.getByRole('link', { name: 'Renew' }).click();
    await page.getByRole('heading', { name: 'Subscribe by card' }).waitFor();
  });

  it('shows the last position from before the end on the Location tab, and says so', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/location`);
    await page.getByTestId('lapsed-values').getByText('Last values before the test period ended', { exact: false }).waitFor();
    await page.getByText('50°48.000′ N, 1°18.000′ W').waitFor();
  });
});
