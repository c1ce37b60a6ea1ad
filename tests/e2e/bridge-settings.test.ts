/**
 * The vessel's bridge in Settings, in the browser: the owner switches a message source off and
 * picks the receiver that feeds the track, asks the bridge to log more, reboots it with their own
 * password (a wrong one is refused under the field), and gives the builder access. What the
 * screens show is what the server then holds, and what the bridge is asked arrives on its topic.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { MqttClient } from 'mqtt';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, pairedBridge, publishInventory } from '../mqtt/helpers.js';
import { ensureWebBuild, launchBrowser, openPage, signIn } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let vesselId: number;
let client: MqttClient;
const asked: Array<Record<string, unknown>> = [];

const position = (latitude: number) => ({ path: 'navigation.position', value: { latitude, longitude: 7.42 } });

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const bridge = await pairedBridge(t, await t.login('admin@demo.test'), 'Sea Breeze', 'BR-SETTINGS-WEB');
  vesselId = bridge.vesselId;
  client = await connectBridge(t, bridge);
  await client.subscribeAsync(`bridges/${bridge.serial}/admin`, { qos: 1 });
  client.on('message', (topic, payload) => {
    if (topic.endsWith('/admin')) asked.push(JSON.parse(payload.toString()));
  });
  await publishInventory(client, bridge.serial);
  // What controls the boat on board: a chartplotter at the helm and a crew tablet.
  await client.publishAsync(
    `bridges/${bridge.serial}/status`,
    JSON.stringify({
      online: true,
      controllers: [
        { id: 'n2k.5', type: 'MFD', name: 'Helm chartplotter' },
        { id: 'app.crew', type: 'Client', name: 'Crew tablet' },
      ],
    }),
    { qos: 1, retain: true },
  );
  // Two GPS receivers on two buses, and a chatty source.
  await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([position(43.73)], { source: 'n2k.3' }), { qos: 1 });
  await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([position(43.74)], { source: 'nmea0183.GP' }), { qos: 1 });
  await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'electrical.batteries.house.voltage', value: 12.6 }], { source: 'n2k.17' }), {
    qos: 1,
  });
  const sources = async () =>
    (await t.call('GET', `/api/discovery/messageSources?vesselId=${vesselId}`, { token: await t.login('owner@demo.test') })).body.data;
  await eventually(async () => (await sources()).length >= 3, 'sources');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await client?.endAsync();
  await t?.close();
});

it("the owner runs the vessel's bridge from Settings", async () => {
  const { page, pageErrors } = await openPage(browser);
  const owner = await t.login('owner@demo.test');
  await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
  await page.waitForURL(/dashboard/);
  await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/settings`);
  const section = page.getByRole('region', { name: 'Bridge BR-SETTINGS-WEB' });
  await section.waitFor();

  // The controllers: the cloud first, then what the bridge reported on board.
  const controllers = section.getByRole('list', { name: 'Controllers' });
  await controllers.getByText('Helm chartplotter').waitFor();
  expect(await controllers.getByRole('listitem').allTextContents()).toEqual([
    'Cloud Vessel Link cloud',
    expect.stringMatching(/^Display \(MFD\) Helm chartplotter\s*reported /),
    expect.stringMatching(/^App on board Crew tablet\s*reported /),
  ]);

  // A message source switched off: its values are dropped from now on.
  const messages = section.getByRole('list', { name: 'Message sources' });
  // Controlled boxes: they change once the server has answered.
  await messages.getByLabel(/n2k\.17/).click();
  await page.getByText('n2k.17 is ignored from now on').first().waitFor();
  const stored = (await t.call('GET', `/api/discovery/messageSources?vesselId=${vesselId}`, { token: owner })).body.data as Array<{
    uid: string;
    enabled: boolean;
  }>;
  expect(stored.find((source) => source.uid === 'n2k.17')?.enabled).toBe(false);

  // Only one receiver feeds the track.
  const positions = section.getByRole('list', { name: 'Position sources' });
  await positions.getByLabel(/nmea0183\.GP/).waitFor();
  const enabled = async () =>
    ((await t.call('GET', `/api/vessel/location/${vesselId}/enabledSources`, { token: owner })).body.data as Array<{ uid: string }>).map((s) => s.uid);
  const before = await enabled();
  await positions.getByLabel(/nmea0183\.GP/).click();
  await page.getByText('Position sources saved').first().waitFor();
  await expect.poll(async () => (await enabled()).includes('nmea0183.GP')).toBe(!before.includes('nmea0183.GP'));

  // More logging, asked of the bridge on its admin topic.
  await section.getByLabel('Log level').selectOption('debug');
  await section.getByRole('button', { name: 'Set log level' }).click();
  await page.getByText('The bridge was asked to log at debug level').first().waitFor();
  await expect.poll(() => asked.some((request) => request.action === 'setLogLevel' && request.level === 'debug')).toBe(true);

  // A reboot needs the owner's own password: a wrong one is refused under the field.
  await section.getByRole('button', { name: 'Reboot the bridge' }).click();
  const reboot = page.getByRole('dialog', { name: 'Reboot the bridge' });
  await reboot.getByLabel('Your password').fill('not my password');
  await reboot.getByRole('button', { name: 'Reboot' }).click();
  await expect.poll(() => reboot.getByLabel('Your password').getAttribute('aria-invalid')).toBe('true');
  expect(asked.some((request) => request.action === 'reboot')).toBe(false);
  await reboot.getByLabel('Your password').fill(DEMO_PASSWORD);
  await reboot.getByRole('button', { name: 'Reboot' }).click();
  await page.getByText('The bridge was asked to reboot', { exact: false }).first().waitFor();
  await expect.poll(() => asked.some((request) => request.action === 'reboot')).toBe(true);

  // The builder's access is the owner's consent, one switch.
  const consent = page.getByLabel('Let the builder of this model see the vessel (manufacturer access)');
  const was = await consent.isChecked();
  await consent.click();
  await page.getByText('Setting saved').first().waitFor();
  await expect.poll(async () => (await t.call('GET', `/api/vessel/${vesselId}`, { token: owner })).body.data.settings.mfrAccess).toBe(!was);
  expect(pageErrors).toEqual([]);
}, 120_000);
