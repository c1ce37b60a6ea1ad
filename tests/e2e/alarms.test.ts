/**
 * An alarm from end to end in a real browser: a bridge (a real MQTT client speaking docs/protocol.md)
 * reports a coolant temperature; the owner sets a high critical level below it in the warning
 * level editor of the property's chart; saving it judges the current value at once, the alarm
 * banner appears on the vessel over the live stream, the owner acknowledges it from the banner and it goes; the
 * value falls back below the level minus the hysteresis and the alarm reads cleared in the
 * history. Then a custom alert made in the editor raises its own alarm, a silence keeps the
 * banner (silence is not acknowledgement), pausing the rule leaves the alarm rectified until it
 * is acknowledged, and the rule is deleted after a confirmation. No sleeps: every step waits for
 * what the user would see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { MqttClient } from 'mqtt';
import type { DeviceInventory } from '../../src/mqtt/protocol.js';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

const COOLANT = 'propulsion.port.coolantTemperature';
const INVENTORY: DeviceInventory = {
  devices: [
    {
      id: 'port-engine',
      name: 'Port engine',
      category: 'mechanical',
      properties: [{ path: COOLANT, displayName: 'Coolant temperature', units: 'K', writable: false }],
    },
  ],
};
const celsius = (c: number) => Number((c + 273.15).toFixed(2));

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let tab: TestPage;

async function publishCoolant(c: number) {
  await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: COOLANT, value: celsius(c) }], { timestamp: new Date().toISOString() }), {
    qos: 1,
  });
}

const vesselUrl = (tabName: string) => `${baseUrl}/dashboard/vessels/${bridge.vesselId}/${tabName}`;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial, INVENTORY);
  await publishCoolant(84);
  browser = await launchBrowser();
  tab = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await client?.endAsync();
  await browser?.close();
  await t?.close();
});

describe('an alarm on a warning level, in the browser', () => {
  it('sets a high critical level below the coolant temperature in the chart’s level editor', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(vesselUrl('devices'));
    await page.getByText('84.0 °C').waitFor();
    await page.getByRole('button', { name: 'History of Port engine Coolant temperature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Port engine: Coolant temperature' });
    const levels = dialog.getByRole('form', { name: 'Warning levels' });
    await levels.getByLabel('High critical (°C)').fill('80');
    await levels.getByLabel('Hysteresis (°C)').fill('2');
    // The typed level is drawn on the chart at once, before it is saved.
    await dialog.locator('.chart__level--critical').getByText('High critical 80.0 °C').waitFor();
    await levels.getByRole('button', { name: 'Save levels' }).click();
    await page.getByText('Warning levels saved').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('drags a level line with the pointer, and refuses levels out of order under the field before sending them', async () => {
    const { page } = tab;
    await page.getByRole('button', { name: 'History of Port engine Coolant temperature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Port engine: Coolant temperature' });
    const levels = dialog.getByRole('form', { name: 'Warning levels' });
    await expect(levels.getByLabel('High critical (°C)').inputValue()).resolves.toBe('80');
    // A pointer drags the line down the chart: the field follows (not saved until asked).
    const line = dialog.locator('.chart__level--critical .chart__level-handle');
    const box = (await line.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 30, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await levels.getByLabel('High critical (°C)').inputValue())).toBeLessThan(80);
    await levels.getByLabel('High critical (°C)').fill('80');
    await levels.getByLabel('High warning (°C)').fill('90');
    await levels.getByRole('button', { name: 'Save levels' }).click();
    await levels.getByText('Must be above high warning').waitFor();
    // Closing with levels not saved asks first.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByText('You have made changes that will not be saved').waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await levels.getByLabel('High warning (°C)').fill('');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the alarm banner as soon as the level is saved below the current value, and the bell counts it', async () => {
    const { page } = tab;
    // The level of 80 °C was saved under the coolant's 84 °C: judged at once, not at the bridge's next report.
    // Named as the Devices tab names it: the device, then the property, never the Signal K path.
    const banner = page.getByRole('alert').filter({ hasText: 'Port engine: Coolant temperature is above its high critical level of 80.0 °C' });
    await banner.waitFor();
    expect(await banner.textContent()).not.toContain('propulsion.');
    await banner.getByText(/^Alarm:/).waitFor();
    await page.getByTestId('bell-count').filter({ hasText: '1' }).waitFor();
    // A further value past the level keeps the one alarm.
    await publishCoolant(86);
    await page.getByTestId('bell-count').filter({ hasText: '1' }).waitFor();
    // The banner stays on every screen of the vessel.
    await page.getByRole('link', { name: 'Overview', exact: true }).click();
    await banner.waitFor();
  });

  it('acknowledges the alarm from the banner: the banner goes and the alarm reads acknowledged', async () => {
    const { page } = tab;
    const banner = page.getByTestId('alarm-banner');
    await banner.getByRole('button', { name: 'Acknowledge' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByTestId('bell-count').waitFor({ state: 'detached' });
    await page.goto(vesselUrl('alerts'));
    const active = page.getByTestId('active-alert').filter({ hasText: 'Coolant temperature is above its high critical level' });
    await active.getByText('Active, acknowledged').waitFor();
  });

  it('clears the alarm once the value is back below the level minus the hysteresis, as the history shows', async () => {
    const { page } = tab;
    // 79 °C is inside the level but within its 2 °C hysteresis: the alarm holds.
    await publishCoolant(79);
    await publishCoolant(75);
    await page.getByRole('heading', { name: '0 active alerts' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'History' }).click();
    const cleared = page.getByTestId('history-alert').filter({ hasText: 'Coolant temperature is above its high critical level' });
    await cleared.getByText('Cleared', { exact: true }).waitFor();
    await page.getByLabel('State').selectOption('cleared');
    await cleared.waitFor();
    await page.getByLabel('State').selectOption('active-unacknowledged');
    await page.getByText('No alerts match these filters.').waitFor();
    // The device's alert log names the property as the Devices tab does, not its Signal K path.
    await page.getByRole('button', { name: 'Alert log' }).click();
    const entries = page.getByRole('list', { name: 'Alert log entries' });
    await entries
      .getByText(/Coolant temperature (raised|acknowledged|cleared)/)
      .first()
      .waitFor();
    expect(await entries.getByText(COOLANT).count()).toBe(0);
    // Narrowed to what people did, and to notes (there are none here).
    await page.getByLabel('Show').selectOption('Acknowledged and silenced');
    await entries.getByText('Coolant temperature acknowledged').first().waitFor();
    await expect.poll(() => entries.getByText(/Coolant temperature (raised|cleared)/).count()).toBe(0);
    await page.getByLabel('Show').selectOption('Notes');
    await page.getByText('No entries of this kind (notes).').waitFor();
    // A long log is read a page at a time: the newest 50, older ones on request (the API pages it).
    const alarm = await t.database.db('alerts').where({ path: COOLANT }).first('id', 'bridge_id');
    await t.database.db('alert_log').insert(
      Array.from({ length: 60 }, (_, i) => ({
        alert_id: alarm.id,
        bridge_id: alarm.bridge_id,
        path: COOLANT,
        action: 'rectified',
        state: 'rectified',
        at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      })),
    );
    await page.getByLabel('Show').selectOption('Raised and cleared');
    await expect.poll(() => entries.getByRole('listitem').count()).toBe(50);
    await page.getByRole('button', { name: 'Show older entries' }).click();
    await expect.poll(() => entries.getByRole('listitem').count()).toBeGreaterThan(60);
    expect(await page.getByRole('button', { name: 'Show older entries' }).count()).toBe(0);
    await page.getByLabel('Show').selectOption('Everything');
    // The property's chart marks where the alarm was raised and cleared.
    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    await page.getByRole('button', { name: 'History of Port engine Coolant temperature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Port engine: Coolant temperature' });
    await dialog.getByText('Marked on the chart: 1 alert raised and 1 cleared in this period.').waitFor();
    await expect(dialog.locator('.chart__marker--raised').count()).resolves.toBe(1);
    // A custom range in the app's date format: mistakes are refused in words, a good range is drawn.
    const ddmmyyyy = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    await dialog.getByRole('button', { name: 'Custom' }).click();
    await dialog.getByLabel('From date (DD/MM/YYYY)').fill('31/02');
    await dialog.getByRole('button', { name: 'Show' }).click();
    await dialog.getByText('Write both dates as DD/MM/YYYY.').waitFor();
    await dialog.getByLabel('From date (DD/MM/YYYY)').fill(ddmmyyyy(1));
    await dialog.getByLabel('To date (DD/MM/YYYY)').fill(ddmmyyyy(-1));
    await dialog.getByRole('button', { name: 'Show' }).click();
    await dialog.getByText('The end must be after the start.').waitFor();
    await dialog.getByLabel('From date (DD/MM/YYYY)').fill(ddmmyyyy(-1));
    await dialog.getByLabel('To date (DD/MM/YYYY)').fill(ddmmyyyy(1));
    await dialog.getByLabel('To hours').selectOption('23');
    await dialog.getByLabel('To minutes').selectOption('59');
    await dialog.getByLabel('Time zone').selectOption('Universal');
    const asked = page.waitForRequest((request) => request.url().includes('simpleDevices/values'));
    await dialog.getByRole('button', { name: 'Show' }).click();
    const query = new URL((await asked).url()).searchParams;
    expect([query.get('dateFrom'), query.get('dateTo')]).toEqual([
      `${ddmmyyyy(-1).split('/').reverse().join('-')}T00:00:00.000Z`,
      `${ddmmyyyy(1).split('/').reverse().join('-')}T23:59:00.000Z`,
    ]);
    // The chart asks for about one bucket per pixel of its width (docs/api.md, simpleDevices/values).
    expect(Number(query.get('buckets'))).toBeGreaterThanOrEqual(200);
    expect(Number(query.get('buckets'))).toBeLessThanOrEqual(2000);
    await dialog.getByText('Marked on the chart: 1 alert raised and 1 cleared in this period.').waitFor();
    await expect(dialog.getByText('The end must be after the start.').count()).resolves.toBe(0);
    expect(tab.pageErrors).toEqual([]);
  });
});

describe('custom alerts and silences, in the browser', () => {
  it('adds a custom alert on a property in the user’s units', async () => {
    const { page } = tab;
    await page.goto(vesselUrl('alerts'));
    await page.getByRole('group', { name: 'Alerts view' }).getByRole('button', { name: 'Custom alerts' }).click();
    await page.getByText('No custom alerts yet.').waitFor();
    await page.getByRole('button', { name: 'Add a custom alert' }).click();
    const form = page.getByRole('form', { name: 'New custom alert' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Choose a property').last().waitFor();
    await form.getByLabel('Property').selectOption({ label: 'Port engine: Coolant temperature' });
    await form.getByLabel('Alert when the value is').selectOption({ label: 'above' });
    await form.getByLabel('Threshold (°C)').fill('70');
    await form.getByLabel('Priority').selectOption({ label: 'Alarm' });
    await form.getByLabel('Message').fill('Coolant running hot');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Custom alert added').waitFor();
    const rule = page.getByRole('list', { name: 'Custom alerts' }).getByRole('listitem').filter({ hasText: 'Coolant running hot' });
    await rule.getByText('Port engine: Coolant temperature above 70.0 °C').waitFor();
  });

  it('raises its alarm; a silence for a chosen time keeps the banner, since silence is not acknowledgement', async () => {
    const { page } = tab;
    await publishCoolant(76);
    const banner = page.getByTestId('alarm-banner');
    await banner.getByText('Alarm: Port engine · Coolant temperature: Coolant running hot').waitFor();
    await page.getByRole('group', { name: 'Alerts view' }).getByRole('button', { name: 'Active' }).click();
    const alarm = page.getByTestId('active-alert').filter({ hasText: 'Coolant running hot' });
    await alarm.getByLabel('Silence for').selectOption({ label: '5 minutes' });
    await alarm.getByRole('button', { name: 'Silence', exact: true }).click();
    await alarm.getByText(/^Silenced until \d\d:\d\d/).waitFor();
    await banner.getByText('Alarm: Port engine · Coolant temperature: Coolant running hot').waitFor();
  });

  it('pauses the rule with its switch and deletes it after a confirmation naming it', async () => {
    const { page } = tab;
    await page.getByRole('group', { name: 'Alerts view' }).getByRole('button', { name: 'Custom alerts' }).click();
    const rule = page.getByRole('list', { name: 'Custom alerts' }).getByRole('listitem').filter({ hasText: 'Coolant running hot' });
    await rule.getByRole('switch').click();
    await page.getByText('Custom alert paused').waitFor();
    await rule.getByText('Paused', { exact: true }).waitFor();
    // A paused rule clears its condition; nobody acknowledged the alarm, so it stays, rectified, until someone does.
    const banner = page.getByTestId('alarm-banner');
    await banner.getByText('Alarm: Port engine · Coolant temperature: Coolant running hot (condition cleared, not acknowledged)').waitFor();
    await banner.getByRole('button', { name: 'Acknowledge' }).click();
    await banner.waitFor({ state: 'detached' });
    await rule.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the custom alert?' });
    await confirm.getByText(/“Coolant running hot” on Port engine: Coolant temperature will be deleted/).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No custom alerts yet.').waitFor();
    expect(tab.pageErrors).toEqual([]);
  });
});

describe('a crew member with alertManager and deviceManager VIEW', () => {
  it('sees the banner and the alarm, without the actions, and the levels read-only', async () => {
    const crew = await openPage(browser);
    const { page } = crew;
    await signIn(page, baseUrl, 'crew@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    // The alarm is raised after the page has read the alerts but before its live stream opens:
    // the stream's first hello reads them again, so the banner still comes.
    let openStream!: () => void;
    const streamHeld = new Promise<void>((resolve) => (openStream = resolve));
    await page.route(/\/api\/vessel\/\d+\/live/, async (route) => {
      await streamHeld;
      await route.continue();
    });
    await page.goto(vesselUrl('alerts'));
    await page.getByRole('heading', { name: /active alerts?$/ }).waitFor();
    await publishCoolant(86);
    const token = await t.login('owner@demo.test');
    const raised = async () => {
      const { body } = await t.call<{ data: { message: string; clearedAt: string | null }[] }>('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token });
      return body.data.some((alert) => alert.clearedAt === null && alert.message.startsWith('Coolant temperature is above its high critical level'));
    };
    await expect.poll(raised).toBe(true);
    openStream();
    const banner = page.getByTestId('alarm-banner');
    await banner.getByText(/^Alarm: Port engine: Coolant temperature is above its high critical level/).waitFor();
    await expect(banner.getByRole('button', { name: 'Acknowledge' }).count()).resolves.toBe(0);
    const alarm = page.getByTestId('active-alert').filter({ hasText: 'Coolant temperature is above its high critical level' });
    await alarm.getByText('Active, not acknowledged').waitFor();
    await expect(alarm.getByRole('button').count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    await page.getByRole('button', { name: 'History of Port engine Coolant temperature' }).click();
    const levels = page.getByRole('form', { name: 'Warning levels' });
    await levels.getByText('You can see the warning levels but not change them').waitFor();
    await expect(levels.getByLabel('High critical (°C)').getAttribute('readonly')).resolves.not.toBeNull();
    await expect(levels.getByRole('button', { name: 'Save levels' }).count()).resolves.toBe(0);
    expect(crew.pageErrors).toEqual([]);
    await crew.context.close();
  });
});
