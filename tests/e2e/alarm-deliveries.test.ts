/**
 * An alarm's delivery receipts in a real browser: a bridge raises an alarm, it goes by e-mail
 * through a test SMTP server (which refuses the crew's mailbox) and by push to the owner's phone
 * at a local push service; the owner clicks the push notification (its link), lands on the
 * alarm's detail and reads its timeline: each notification with its steps and times, the crew's
 * e-mail failed with the server's reason. Acknowledging it in the app shows who acknowledged and
 * how. On a 390 px phone in the dark theme the timeline fits the width and is reached with the
 * keyboard; the history's "Nobody reached" filter keeps only the alarm no notification reached.
 * No sleeps: every step waits for what the user would see.
 */
import type { AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../contracts/alerts.js';
import { PushEndpoint } from '../helpers/push-endpoint.js';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

let t: TestServer;
let smtp: SMTPServer;
const refused = new Set<string>();
const endpoint = new PushEndpoint();
let browser: Browser;
let baseUrl: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let desk: TestPage;
let push: PushMessage;

beforeAll(async () => {
  await ensureWebBuild();
  await endpoint.start();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) return callback(Object.assign(new Error('Mailbox full'), { responseCode: 552 }));
      callback();
    },
    onData(stream, _session, done) {
      stream.on('data', () => {});
      stream.on('end', () => done());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  t = await createTestServer({ demo: true, listen: true, env: { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` } });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-E2E-RECEIPTS');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  const owner = await t.login('owner@demo.test');
  await t.call('POST', '/api/profile/pushSubscriptions', { token: owner, payload: { ...endpoint.subscription(), label: 'Pixel 8' } });
  browser = await launchBrowser();
  desk = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await client?.endAsync();
  await browser?.close();
  await t?.close();
  await endpoint.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const raise = async (path: string, message: string) => {
  await client.publishAsync(
    `bridges/${bridge.serial}/delta`,
    delta([{ path: `notifications.${path}`, value: { state: 'alarm', message } }], { timestamp: new Date().toISOString() }),
    { qos: 1 },
  );
  await t.server.plugins.notifications.delivery.idle();
};

describe("an alarm's deliveries in the browser", () => {
  it('opens the alarm from its push notification and shows each notification as a timeline', async () => {
    refused.add('crew@demo.test');
    await raise('bilge.high', 'Bilge water high');
    refused.clear();
    push = (await endpoint.waitFor(1))[0].message as PushMessage;
    const { page } = desk;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    // The notification's click opens its link, as the service worker does.
    await page.goto(baseUrl + push.url);
    await page.waitForURL((url) => url.pathname === `/dashboard/vessels/${bridge.vesselId}/alerts` && url.search === `?alert=${push.alertId}`);
    const detail = page.getByTestId('alarm-detail');
    await detail.getByRole('heading', { name: 'Bilge water high', level: 2 }).waitFor();
    const pushed = detail.getByTestId('delivery').filter({ hasText: 'Olivia Owner · Push · Pixel 8' });
    await pushed.getByText('Opened: the notification was clicked').waitFor();
    expect(await pushed.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Queued \d\d:\d\d/),
      expect.stringMatching(/^Sent to the push service \d\d:\d\d/),
      expect.stringMatching(/^Accepted by the push service \d\d:\d\d/),
      expect.stringMatching(/^Opened: the notification was clicked \d\d:\d\d/),
    ]);
    const mail = detail.getByTestId('delivery').filter({ hasText: 'Olivia Owner · E-mail · owner@demo.test' });
    await mail.getByText('Accepted by the mail server').waitFor();
    const failed = detail.getByTestId('delivery').filter({ hasText: 'Chris Crew · E-mail · crew@demo.test' });
    await failed.getByText('Failed', { exact: true }).first().waitFor();
    await failed.getByText(/552/).waitFor();
    await detail.getByText(/^Reached: 2 of 3 notifications got through, 1 failed\.$/).waitFor();
  });

  it('says who acknowledged the alarm, and how, once it is acknowledged in the app', async () => {
    const { page } = desk;
    await page.getByTestId('active-alert').filter({ hasText: 'Bilge water high' }).getByRole('button', { name: 'Acknowledge' }).click();
    const detail = page.getByTestId('alarm-detail');
    await detail.getByText(/^Acknowledged by Olivia Owner in the app · /).waitFor();
    await detail.getByTestId('delivery').filter({ hasText: 'Pixel 8' }).getByText('Acknowledged', { exact: true }).first().waitFor();
    await detail.getByRole('link', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });
    expect(desk.pageErrors).toEqual([]);
  });

  it('filters the history to the alarm nobody was reached by, on a phone in the dark theme, by keyboard', async () => {
    refused.add('owner@demo.test');
    refused.add('crew@demo.test');
    endpoint.forget(endpoint.received[0].endpoint);
    await raise('anchor.drag', 'Anchor dragging');
    refused.clear();
    const phone = await openPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const { page } = phone;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(`${baseUrl}/dashboard/vessels/${bridge.vesselId}/alerts`);
    await page.getByRole('group', { name: 'Alerts view' }).getByRole('button', { name: 'History' }).click();
    const rows = page.getByTestId('history-alert');
    await rows.filter({ hasText: 'Bilge water high' }).waitFor();
    await page.getByLabel('Nobody reached').check();
    await rows.filter({ hasText: 'Bilge water high' }).waitFor({ state: 'detached' });
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('Anchor dragging')]);
    // The detail is reached with the keyboard; its heading takes the focus.
    await rows.getByRole('link', { name: 'Deliveries of Anchor dragging' }).focus();
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('alarm-detail');
    const heading = detail.getByRole('heading', { name: 'Anchor dragging', level: 2 });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((node) => node === document.activeElement)).toBe(true);
    await detail.getByText(/^Nobody was reached/).waitFor();
    await detail.getByText(/no longer knows this device/).waitFor();
    expect(await detail.getByTestId('delivery').count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(phone.pageErrors).toEqual([]);
    await phone.context.close();
  });
});
