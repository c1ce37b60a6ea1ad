/**
 * App and display settings are read (docs/decisions.md, "App settings are read"): a screen picks
 * one in the vessel's Settings, and from then on the vessel opens on its start page, the Devices
 * tab lists its devices and the Overview shows its gauges; changing the setting changes what the
 * screen shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../helpers/server.js';
import { propertyIdOf, seaBreezeOnline, type SeaBreezeOnline } from '../helpers/sea-breeze.js';
import { delta, eventually, storedCurrent } from '../mqtt/helpers.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

const VOLTAGE = 'electrical.batteries.house.voltage';
let sea: SeaBreezeOnline;
let browser: Browser;
let baseUrl: string;
let tab: TestPage;
let settingId: number;
let battery: number;
let voltage: number;

beforeAll(async () => {
  await ensureWebBuild();
  sea = await seaBreezeOnline('BR-SCREEN', { inventory: true });
  baseUrl = `http://127.0.0.1:${sea.t.server.info.port}`;
  voltage = await propertyIdOf(sea, VOLTAGE);
  battery = (await sea.t.database.db('device_properties').where({ id: voltage }).first()).device_id;
  await sea.client.publishAsync(`bridges/${sea.bridge.serial}/delta`, delta([{ path: VOLTAGE, value: 12.6 }]), { qos: 1 });
  await eventually(() => storedCurrent(sea.t, sea.bridge.id, VOLTAGE), 'the voltage');
  const created = await sea.t.call('POST', `/api/vessel/${sea.bridge.vesselId}/appSettings`, {
    token: sea.owner,
    payload: { name: 'Helm display', deviceIds: [battery], gaugePropertyIds: [], startPage: 'devices' },
  });
  expect(created.status).toBe(200);
  settingId = created.body.data.id;
  browser = await launchBrowser();
  tab = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await sea?.close();
});

describe('a screen showing an app setting', () => {
  const vesselUrl = (tabName = '') => `${baseUrl}/dashboard/vessels/${sea.bridge.vesselId}${tabName ? `/${tabName}` : ''}`;

  it('opens on Overview and lists every device until the screen picks a setting', async () => {
    const { page } = tab;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(vesselUrl());
    await page.waitForURL(/\/overview$/);
    await page.goto(vesselUrl('devices'));
    await page.getByRole('heading', { name: 'Saloon lights' }).waitFor();
  });

  it('picks Helm display in Settings: the vessel opens on its start page with only its devices', async () => {
    const { page } = tab;
    await page.goto(vesselUrl('settings'));
    await page.getByRole('button', { name: 'Show Helm display on this screen' }).click();
    await page.getByRole('button', { name: 'Show Helm display on this screen', pressed: true }).waitFor();
    await page.goto(vesselUrl());
    await page.waitForURL(/\/devices$/);
    await page.getByTestId('screen-devices').getByText('Showing the devices of this screen’s setting Helm display.').waitFor();
    await page.getByRole('heading', { name: 'House battery' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Saloon lights' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show all devices' }).click();
    await page.getByRole('heading', { name: 'Saloon lights' }).waitFor();
  });

  it('follows a change of the setting: another start page, and its gauges on the Overview', async () => {
    const { page } = tab;
    const changed = await sea.t.call('PUT', `/api/vessel/${sea.bridge.vesselId}/appSettings/${settingId}`, {
      token: sea.owner,
      payload: { name: 'Helm display', deviceIds: [battery], gaugePropertyIds: [voltage], startPage: 'overview' },
    });
    expect(changed.status).toBe(200);
    await page.goto(vesselUrl());
    await page.waitForURL(/\/overview$/);
    const gauges = page.getByTestId('screen-gauges');
    await gauges.getByRole('heading', { name: 'Helm display' }).waitFor();
    await gauges.getByText('12.60 V').waitFor();
    expect(await gauges.textContent()).toContain('House battery');
  });

  it('shows the whole vessel again once the screen stops showing the setting', async () => {
    const { page } = tab;
    await page.goto(vesselUrl('settings'));
    await page.getByRole('button', { name: 'Show Helm display on this screen', pressed: true }).click();
    await page.getByRole('button', { name: 'Show Helm display on this screen', pressed: false }).waitFor();
    await page.goto(vesselUrl('overview'));
    await page
      .getByRole('heading', { name: 'Key figures' })
      .or(page.getByRole('heading', { name: 'Status' }))
      .first()
      .waitFor();
    expect(await page.getByTestId('screen-gauges').count()).toBe(0);
  });
});
