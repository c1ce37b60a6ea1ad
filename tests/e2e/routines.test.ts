/**
 * Routines in the browser: the owner builds "when the house battery is below 12.2 V for 2
 * minutes, switch the lights on and notify me" on the Routines tab, tests its conditions, sees it
 * listed with its state, pauses it and deletes it after confirming. What the screens show is
 * what the server then holds.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, pairedBridge, publishInventory } from '../mqtt/helpers.js';
import { ensureWebBuild, launchBrowser, openPage, signIn } from './browser.js';
import type { MqttClient } from 'mqtt';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let vesselId: number;
let client: MqttClient;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const bridge = await pairedBridge(t, await t.login('admin@demo.test'), 'Sea Breeze', 'BR-ROUTINES-WEB');
  vesselId = bridge.vesselId;
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  await client.publishAsync(
    `bridges/${bridge.serial}/delta`,
    delta([
      { path: 'electrical.batteries.house.voltage', value: 12.7 },
      { path: 'electrical.batteries.house.capacity.stateOfCharge', value: 0.63 },
      { path: 'electrical.switches.bank.0.1.state', value: 0 },
    ]),
    { qos: 1 },
  );
  await eventually(
    async () => (await t.database.db('value_series').where({ bridge_id: bridge.id, path: 'electrical.batteries.house.voltage' }).first())?.value,
    'values',
  );
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await client?.endAsync();
  await t?.close();
});

/** Chooses the option whose text contains `text`, answering the whole text shown. */
async function pick(select: Locator, text: string): Promise<string> {
  const option = select.locator('option', { hasText: text }).first();
  await select.selectOption((await option.getAttribute('value'))!);
  return (await option.textContent())!;
}

it('the owner builds, tests, pauses and deletes a routine', async () => {
  const { page } = await openPage(browser);
  await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
  await page.waitForURL(/dashboard/);
  await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/routines`);
  await page.getByText('No routines yet.').waitFor();

  await page.getByRole('button', { name: 'New routine' }).click();
  const form = page.getByRole('form', { name: 'New routine' });
  await form.getByLabel('Name').fill('Generator on when the battery is low');

  await form.getByLabel('New trigger').selectOption('property');
  await form.getByRole('button', { name: 'Add trigger' }).click();
  const trigger = form.getByRole('group', { name: /^Trigger 1/ });
  expect(await pick(trigger.getByLabel('Property'), 'House battery: Voltage')).toMatch(/now 12\.70?\s?V/);
  await trigger.getByLabel('Comparison').selectOption('<');
  await trigger.getByLabel('Value (V)').fill('12.2');
  await trigger.getByLabel('For at least (minutes)').fill('2');

  await form.getByLabel('New condition').selectOption('online');
  await form.getByRole('button', { name: 'Add condition' }).click();
  await form.getByRole('button', { name: 'Test conditions now' }).click();
  await form.getByText('Now the conditions hold.').waitFor();
  await form.getByText('✓ the vessel is online').waitFor();
  // A state of charge is typed and compared in %, as the picker shows it (Signal K keeps a ratio).
  await form.getByLabel('New condition').selectOption('property');
  await form.getByRole('button', { name: 'Add condition' }).click();
  const charged = form.getByRole('group', { name: /^Condition 2/ });
  expect(await pick(charged.getByLabel('Property'), 'House battery: State of charge')).toMatch(/now 63\s?%/);
  await charged.getByLabel('Comparison').selectOption('>');
  await charged.getByLabel('Value (%)').fill('1');
  await form.getByRole('button', { name: 'Test conditions now' }).click();
  await form.getByText('Now the conditions hold.').waitFor();

  await form.getByLabel('New action').selectOption('command');
  await form.getByRole('button', { name: 'Add action' }).click();
  const command = form.getByRole('group', { name: /^Action 1/ });
  await pick(command.getByLabel('Device property'), 'Saloon lights: On');
  await command.getByLabel(/^Set to/).fill('1');
  await form.getByLabel('New action').selectOption('notify');
  await form.getByRole('button', { name: 'Add action' }).click();
  await form
    .getByRole('group', { name: /^Action 2/ })
    .getByLabel('Message')
    .fill('House battery low: generator on');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Routine created').first().waitFor();

  const item = page.getByRole('list', { name: 'Routines' }).getByRole('listitem').filter({ hasText: 'Generator on when the battery is low' });
  await item.getByText(/On · last run never/).waitFor();
  const owner = await t.login('owner@demo.test');
  const [stored] = (await t.call('GET', `/api/vessel/${vesselId}/routines`, { token: owner })).body.data;
  expect(stored).toMatchObject({
    name: 'Generator on when the battery is low',
    enabled: true,
    triggers: [{ type: 'property', comparison: '<', value: 12.2, forSeconds: 120 }],
    conditions: [
      { type: 'online', online: true },
      { type: 'property', comparison: '>', value: 0.01 },
    ],
    actions: [
      { type: 'command', value: 1 },
      { type: 'notify', message: 'House battery low: generator on' },
    ],
  });

  await item.getByRole('button', { name: /^Runs/ }).click();
  await item.getByText('This routine has not run yet.').waitFor();

  await item.getByRole('switch').click();
  await page.getByText('Routine paused').first().waitFor();
  await expect.poll(async () => (await t.call('GET', `/api/vessel/${vesselId}/routines`, { token: owner })).body.data[0].enabled).toBe(false);

  await item.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Routine deleted').first().waitFor();
  await page.getByText('No routines yet.').waitFor();
}, 120_000);
