/**
 * The owner's own devices in Chromium at a phone's width, with the demo's simulated bridges: a
 * battery bank made from its template in "My devices", its voltage field mapped to a demo property
 * with the picker, its details edited, fields reordered with the keyboard, and the value on the
 * Gauges view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { eventually } from '../mqtt/helpers.js';
import { launchBrowser, openPage, signIn } from './browser.js';
import { startDemoStage, type DemoStage } from './stage.js';

type Devices = { data: Array<{ properties: Array<{ id: number; value: unknown }> }> };
type Gauges = { data: Array<{ fieldId: number; propertyId: number | null; value: unknown }> };

let stage: DemoStage;
let t: TestServer;
let browser: Browser;
let page: Page;
let baseUrl: string;
let seaBreezeId: number;

beforeAll(async () => {
  ({ t, baseUrl } = stage = await startDemoStage());
  seaBreezeId = (await t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  browser = await launchBrowser();
  ({ page } = await openPage(browser, { width: 360, height: 780 }));
  await page.goto(baseUrl + '/');
  await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

describe('simple devices and gauges', () => {
  it('shows a mapped demo property on the gauge dashboard', async () => {
    const token = await t.login('owner@demo.test');
    // The simulated bridge's first values: a numeric property to map.
    const property = await eventually(async () => {
      const { data } = (await t.call<Devices>('GET', `/api/vessel/${seaBreezeId}/devices`, { token })).body;
      return data.flatMap((device) => device.properties).find((candidate) => typeof candidate.value === 'number');
    }, 'a numeric property on Sea Breeze');

    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/devices`);
    await page.getByRole('button', { name: 'My devices' }).click();
    await page.getByRole('heading', { name: 'My devices' }).waitFor();
    await page.getByLabel('Template').selectOption('battery');
    await page.getByLabel('Name', { exact: true }).fill('House bank');
    await page.getByLabel('Name', { exact: true }).press('Enter');
    await page.getByRole('heading', { name: 'House bank' }).waitFor();

    await page.getByText('Edit details').click();
    const details = page.getByRole('form', { name: 'Details of House bank' });
    await details.getByLabel('Location on board').fill('Engine room');
    // The maker is suggested from NMEA 2000's manufacturer list (company/deviceManufacturers).
    const maker = details.getByLabel('Manufacturer');
    await expect.poll(() => maker.evaluate((input: HTMLInputElement) => input.list?.querySelectorAll('option').length ?? 0)).toBeGreaterThan(100);
    expect(
      await maker.evaluate((input: HTMLInputElement) => [...(input.list?.querySelectorAll('option') ?? [])].some((o) => o.value === 'Victron Energy')),
    ).toBe(true);
    await maker.fill('Victron Energy');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect
      .poll(
        async () =>
          (await t.call<{ data: Array<{ name: string; location: string | null }> }>('GET', `/api/simpleDevices?vesselId=${seaBreezeId}`, { token })).body.data,
      )
      .toContainEqual(expect.objectContaining({ name: 'House bank', location: 'Engine room', manufacturer: 'Victron Energy' }));

    const picker = page.getByLabel('Property shown in Voltage');
    await picker.selectOption(String(property.id));
    await expect.poll(() => picker.inputValue()).toBe(String(property.id));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('button', { name: 'Down Voltage' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.simple-field__name').first().textContent()).toBe('Current');

    await page.getByRole('button', { name: 'Gauges' }).click();
    const gauge = await eventually(async () => {
      const { data } = (await t.call<Gauges>('GET', `/api/simpleDevices/dashboard/${seaBreezeId}`, { token })).body;
      return data.find((candidate) => candidate.propertyId === property.id && typeof candidate.value === 'number');
    }, 'the gauge of the mapped property');
    const shown = page.getByTestId(`gauge-value-${gauge.fieldId}`);
    await shown.waitFor();
    await expect.poll(() => shown.textContent()).toMatch(/\d/);
    expect(await page.getByRole('listitem').filter({ hasText: 'House bank · Voltage' }).count()).toBe(1);
  });
});
