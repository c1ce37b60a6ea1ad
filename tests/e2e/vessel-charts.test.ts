/**
 * The vessel screens of issue 11's last part in Chromium, at a desk's and a phone's width, on the
 * demo stage: what a bus carries (Devices, By bus), the geofence route and the owner's devices on
 * the Location map with the geofence notifications, and the fleet's Charts page, whose range
 * starts again for every vessel chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SimpleDevice } from '../../contracts/simple-devices.js';
import { DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { eventually } from '../mqtt/helpers.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';
import { startDemoStage, type DemoStage } from './stage.js';

let stage: DemoStage;
let t: TestServer;
let browser: Browser;
let baseUrl: string;
let seaBreezeId: number;
let blueHorizonId: number;
let token: string;

beforeAll(async () => {
  ({ t, baseUrl } = stage = await startDemoStage());
  const { db } = t.database;
  seaBreezeId = (await db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  blueHorizonId = (await db('vessels').where({ name: 'Blue Horizon' }).first('id')).id;
  token = await t.login('owner@demo.test');
  // A small fence south of Monaco's harbour: every position of the track is outside it, so the whole track is the route.
  expect((await t.call('POST', `/api/vessel/${seaBreezeId}/geofence`, { token, payload: { lat: 43.72, lon: 7.42, radius: 100, delay: 3600 } })).status).toBe(
    200,
  );
  const tender = (
    await t.call<{ data: SimpleDevice }>('POST', '/api/simpleDevices', { token, payload: { vesselId: seaBreezeId, type: 'tank', name: 'Tender' } })
  ).body.data;
  await t.call('POST', `/api/simpleDevices/${tender.id}/location/on`, { token });
  await t.call('POST', `/api/simpleDevices/${tender.id}/position`, { token, payload: { lat: 43.735, lon: 7.425 } });
  await eventually(async () => {
    const route = (await t.call<{ data: { points: unknown[] } }>('GET', `/api/vessel/${seaBreezeId}/geofenceRoute`, { token })).body.data;
    return route.points.length > 1;
  }, 'a route outside the fence');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  ['desk', 1280],
  ['phone', 360],
] as const)('at a %s width', (_name, width) => {
  let tab: TestPage;
  let page: Page;
  beforeAll(async () => {
    tab = await openPage(browser, { width, height: 800 });
    page = tab.page;
    await page.goto(baseUrl + '/');
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
  });
  afterAll(() => tab.context.close());

  it('shows what a bus carries, with values and units', async () => {
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/devices`);
    await page.getByRole('button', { name: 'By bus' }).click();
    const bus = page.getByLabel('Bus', { exact: true });
    await bus.waitFor();
    expect(await bus.locator('option').first().textContent()).toMatch(/^Simulator \(sim\) · \d+ sources?$/);
    const list = page.getByRole('list', { name: 'Properties on Simulator (sim)' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(5);
    await expect.poll(() => list.getByRole('listitem').filter({ hasText: 'sim.engines' }).first().textContent()).toMatch(/\d/);
    expect(await fitsWidth(page)).toBe(true);
  });

  it('draws the way out of the geofence and the devices on the Location map, with the notifications', async () => {
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/location`);
    await page.getByText(/^Outside the fence since/).waitFor();
    // A vessel at its berth barely moves: the route is there even when it draws as a dot.
    await page.locator('path.map-geofence-route').waitFor({ state: 'attached' });
    await page.locator('path.map-device').waitFor();
    await page.getByRole('heading', { name: 'Devices on the map' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Tender' }).waitFor();

    const mine = page.getByRole('checkbox', { name: /^You\W+geofence alarms$/ });
    await mine.waitFor();
    const before = await mine.isChecked();
    await mine.click();
    await expect.poll(() => mine.isChecked()).toBe(!before);
    const { body } = await t.call<{ data: Array<{ userId: number; enabled: boolean }> }>('GET', `/api/vessel/${seaBreezeId}/geofenceNotify/permissions`, {
      token,
    });
    expect(body.data.some((setting) => setting.enabled === !before)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
  });

  it('charts a vessel’s engines from the navigation, and starts the range again for each vessel chosen', async () => {
    await page.goto(`${baseUrl}/dashboard`);
    if (width < 700) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Charts' }).click();
    await page.getByRole('heading', { name: 'Charts', level: 1 }).waitFor();
    await page.getByLabel('Vessel', { exact: true }).selectOption(String(seaBreezeId));
    await page.waitForURL((url) => url.searchParams.get('vessel') === String(seaBreezeId));
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Universal');
    for (const field of ['From hours', 'From minutes', 'To hours', 'To minutes']) expect(await page.getByLabel(field).inputValue()).toBe('00');
    await page.getByRole('button', { name: 'Port engine' }).waitFor();
    expect(await page.getByRole('group', { name: 'Engine or generator' }).getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['Port engine', 'Starboard engine', 'Generator']),
    );
    await page.getByRole('img', { name: /^Coolant temperature of Port engine: from/ }).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    await page.getByLabel('From hours').selectOption('05');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByLabel('Vessel', { exact: true }).selectOption(String(blueHorizonId));
    await page.waitForURL((url) => url.searchParams.get('vessel') === String(blueHorizonId));
    await expect.poll(() => page.getByLabel('From hours').inputValue()).toBe('00');
    await page.getByLabel('Vessel', { exact: true }).selectOption(String(seaBreezeId));
    await expect.poll(() => page.getByLabel('From hours').inputValue()).toBe('00');
    expect(tab.pageErrors).toEqual([]);
  });
});

describe('the geofence alarm and the fence status', () => {
  it('never says the vessel is inside its fence beside the alarm: the status follows the alarm live', async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    const here = (await t.call<{ data: { lat: number; lon: number } }>('GET', `/api/vessel/${seaBreezeId}/location`, { token })).body.data;
    const fence = (payload: Record<string, number>) => t.call('POST', `/api/vessel/${seaBreezeId}/geofence`, { token, payload: { ...payload, delay: 0 } });
    expect((await fence({ lat: here.lat, lon: here.lon, radius: 5000 })).status).toBe(200);
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/location`);
    await page.getByText('The vessel is inside its fence.').waitFor({ timeout: 15_000 });
    // Someone else moves the fence away (from their phone): the next position raises the alarm on this open page.
    expect((await fence({ lat: here.lat + 0.5, lon: here.lon, radius: 100 })).status).toBe(200);
    // The alarm waits for the simulated bridge's next position, which a loaded CI machine delays past 20 s.
    await page.getByTestId('alarm-banner').waitFor({ timeout: 60_000 });
    await page.getByText(/^Outside the fence since/).waitFor();
    expect(await page.getByText('The vessel is inside its fence.').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
