/**
 * An axe-core scan of every screen of the owner's day in both themes and at a desktop's and a
 * phone's width (tests/e2e/axe.ts, scanScreen): no serious or critical violation, every WCAG 2.1
 * A/AA rule in the light theme, the colour rules again in the dark one. The demo data with its
 * simulated bridges, so the screens show what an owner sees. The public screens and the other
 * roles' are in accessibility-roles.test.ts, so the two run side by side.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { applyRoutineAlert } from '../../src/modules/alerts/api.js';
import { DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { startDemoStage, type DemoStage } from './stage.js';
import { heading, scanScreen } from './axe.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';

let stage: DemoStage;
let t: TestServer;
let browser: Browser;
let baseUrl: string;
let seaBreezeId: number;
let camera: Server;
/** A 1×1 PNG: the test camera's snapshot, and the one frame of its stream. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The owner's tab: one browser context, its colour scheme switched per scan. */
let tab: TestPage;

beforeAll(async () => {
  ({ t, baseUrl } = stage = await startDemoStage(1000, { CAMERA_ALLOW_PRIVATE: 'on' }));
  camera = createServer((req, res) => {
    if (!req.url?.endsWith('.mjpg')) return res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL);
    // The live view: a multipart stream as IP cameras send it, one frame, held open.
    res.writeHead(200, { 'content-type': 'multipart/x-mixed-replace; boundary=frame' });
    res.write(Buffer.concat([Buffer.from('--frame\r\nContent-Type: image/png\r\n\r\n'), PIXEL, Buffer.from('\r\n')]));
  });
  await new Promise<void>((resolve) => camera.listen(0, '127.0.0.1', resolve));
  const { db } = t.database;
  seaBreezeId = (await db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  const cameraUrl = `http://127.0.0.1:${(camera.address() as AddressInfo).port}/mast`;
  const added = await t.call('POST', `/api/vessel/${seaBreezeId}/cameras`, {
    token: await t.login('owner@demo.test'),
    payload: { name: 'Mast', streamUrl: `${cameraUrl}.mjpg`, snapshotUrl: cameraUrl },
  });
  expect(added.status).toBe(200);
  browser = await launchBrowser();
  tab = await openPage(browser, { colorScheme: 'light' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
  camera?.closeAllConnections();
  camera?.close();
});

/** The owner's screen at `path`, scanned in the owner's tab unless another is given. */
const scan = (path: string, ready: (page: Page) => Promise<void>, on: TestPage = tab) => scanScreen(on.page, baseUrl + path, ready);

describe('signed-in screens', () => {
  beforeAll(async () => {
    const { page } = tab;
    await page.goto(baseUrl + '/');
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
  });

  it('fleet', () => scan('/dashboard', heading('Fleet')));
  it('add a vessel', () => scan('/dashboard/vessels/new', heading('Add a vessel')));
  for (const tab of [
    'overview',
    'devices',
    'location',
    'cameras',
    'alerts',
    'routines',
    'documents',
    'service',
    'notes',
    'users',
    'log',
    'settings',
    'subscribe',
  ]) {
    it(`vessel ${tab}`, () => scan(`/dashboard/vessels/${seaBreezeId}/${tab}`, heading('Sea Breeze')));
  }
  for (const [name, button] of [
    ['service item form', 'Add item'],
    ['service done form', 'Log Engine oil and filter change as done'],
  ]) {
    it(name, () =>
      scan(`/dashboard/vessels/${seaBreezeId}/service`, async (page) => {
        await heading('Service schedule')(page);
        await page.getByRole('button', { name: button }).click();
        await page.getByRole('dialog').waitFor();
      }),
    );
  }
  it('vessel settings: an interface token shown once', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/settings`, async (page) => {
      await heading('Interfaces')(page);
      await page.getByLabel('New interface').fill('Shore-power meter');
      await page.getByRole('button', { name: 'Add interface' }).click();
      await page.getByTestId('interface-token').waitFor();
    }));
  it('vessel cameras: the snapshot through the server, and the live view', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/cameras`, async (page) => {
      const snapshot = page.getByRole('img', { name: 'Snapshot of Mast' });
      await snapshot.waitFor();
      await page.waitForFunction(() => (document.querySelector('img[alt="Snapshot of Mast"]') as HTMLImageElement | null)?.naturalWidth === 1);
      await page.getByRole('button', { name: 'Live view of Mast' }).click();
      await page.getByRole('img', { name: 'Live view of Mast' }).waitFor();
    }));
  it('vessel devices: by bus', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/devices`, async (page) => {
      await page.getByRole('button', { name: 'By bus' }).click();
      await page.getByRole('list', { name: /^Properties on / }).waitFor();
    }));
  it('vessel location: the geofence route, device positions and notifications', async () => {
    const token = await t.login('owner@demo.test');
    await t.call('POST', `/api/vessel/${seaBreezeId}/geofence`, { token, payload: { lat: 43.72, lon: 7.42, radius: 100, delay: 3600 } });
    await scan(`/dashboard/vessels/${seaBreezeId}/location`, async (page) => {
      await page.getByRole('heading', { name: 'Geofence notifications' }).waitFor();
      await page.getByRole('heading', { name: 'Devices on the map' }).waitFor();
      await page.getByText(/^Outside the fence since/).waitFor();
    });
  });
  it('charts', () =>
    scan(`/dashboard/charts?vessel=${seaBreezeId}`, async (page) => {
      await heading('Charts')(page);
      await page.getByRole('img', { name: /^Revolutions of Port engine: from/ }).waitFor();
    }));
  it('fleet alerts', () => scan('/dashboard/alerts', heading('Alerts')));
  it('vessel monthly alarm report', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/alerts/report`, async (page) => {
      await page.getByRole('heading', { name: 'Monthly alarm report' }).waitFor();
      await page.getByLabel('Month', { exact: true }).waitFor();
    }));
  it('messages', () => scan('/dashboard/messages', heading('Messages')));
  it('a message thread and the new thread form', async () => {
    const token = await t.login('owner@demo.test');
    const crew = (await t.call('GET', '/api/messages/contacts', { token })).body.data.find((c: { email: string }) => c.email === 'crew@demo.test');
    const thread = (await t.call('POST', '/api/messages/threads', { token, payload: { userIds: [crew.userId], name: 'Fenders' } })).body.data;
    await t.call('POST', '/api/messages', { token, payload: { threadId: thread.id, text: 'Please check the fenders' } });
    await scan('/dashboard/messages', async (page) => {
      await page.getByRole('button', { name: /Fenders/ }).click();
      await page.locator('.message__text', { hasText: 'Please check the fenders' }).waitFor();
    });
    await scan('/dashboard/messages', async (page) => {
      await page.getByRole('button', { name: 'New thread' }).click();
      await page.getByRole('dialog', { name: 'New thread' }).getByRole('checkbox').first().waitFor();
    });
  });
  it('notification centre', () =>
    scan('/dashboard', async (page) => {
      await heading('Fleet')(page);
      await page.getByRole('button', { name: /^Alerts:/ }).click();
      await page.getByRole('region', { name: 'Latest alerts' }).waitFor();
    }));
  for (const view of ['History', 'Alert log', 'Custom alerts']) {
    it(`vessel alerts: ${view.toLowerCase()}`, () =>
      scan(`/dashboard/vessels/${seaBreezeId}/alerts`, async (page) => {
        await heading('Sea Breeze')(page);
        await page.getByRole('group', { name: 'Alerts view' }).getByRole('button', { name: view }).click();
        await page.getByRole('heading', { name: view, level: 2 }).waitFor();
      }));
  }
  it("an alarm's detail with its deliveries, and the history of alarms nobody reached", async () => {
    const { db } = t.database;
    const alarm = await applyRoutineAlert(db, t.server.app.ctx.events, seaBreezeId, 9999, { priority: 'alarm', message: 'Bilge pump running' }, Date.now());
    await t.server.plugins.notifications.delivery.idle();
    await scan(`/dashboard/vessels/${seaBreezeId}/alerts?alert=${alarm!.id}`, async (page) => {
      await page.getByTestId('alarm-detail').getByRole('heading', { name: 'Bilge pump running', level: 2 }).waitFor();
      await page.getByTestId('delivery').first().getByText('Waiting in the mail outbox', { exact: false }).waitFor();
    });
    await scan(`/dashboard/vessels/${seaBreezeId}/alerts`, async (page) => {
      await heading('Sea Breeze')(page);
      await page.getByRole('group', { name: 'Alerts view' }).getByRole('button', { name: 'History' }).click();
      await page.getByLabel('Nobody reached').check();
      await page.getByTestId('history-alert').filter({ hasText: 'Bilge pump running' }).waitFor();
    });
  });
  it('custom alert form', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/alerts`, async (page) => {
      await heading('Sea Breeze')(page);
      await page.getByRole('group', { name: 'Alerts view' }).getByRole('button', { name: 'Custom alerts' }).click();
      await page.getByRole('button', { name: 'Add a custom alert' }).click();
      await page.getByRole('form', { name: 'New custom alert' }).waitFor();
    }));
  it('company access dialog', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/users`, async (page) => {
      await heading('Sea Breeze')(page);
      await page.getByRole('listitem').filter({ hasText: 'Riviera Yachts' }).getByText('Current, until revoked').waitFor();
      await page.getByRole('button', { name: 'Give a company access' }).click();
      await page
        .getByRole('dialog', { name: 'Give a company access' })
        .getByRole('option', { name: 'Harbour Marine Services (contractor)' })
        .waitFor({ state: 'attached' });
    }));
  it('vessel overview: the weather from the vessel’s sensors', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/overview`, async (page) => {
      await page.getByTestId('weather-source').filter({ hasText: "Source: Sea Breeze's sensors" }).waitFor();
    }));
  it('vessel settings: an app setting with its devices, gauges and images', async () => {
    const token = await t.login('owner@demo.test');
    const added = await t.call('POST', `/api/vessel/${seaBreezeId}/appSettings`, { token, payload: { name: 'Helm display', startPage: 'devices' } });
    expect(added.status).toBe(200);
    await scan(`/dashboard/vessels/${seaBreezeId}/settings`, async (page) => {
      await page.getByRole('button', { name: 'Edit Helm display' }).click();
      const dialog = page.getByRole('dialog', { name: 'App setting Helm display' });
      await dialog.getByRole('group', { name: 'Devices shown' }).waitFor();
      await dialog.getByLabel(/^Dark theme, portrait/).waitFor();
    });
  });
  it("a member's permissions dialog", () =>
    scan(`/dashboard/vessels/${seaBreezeId}/users`, async (page) => {
      await page.getByRole('button', { name: 'Permissions of Chris Crew' }).click();
      await page.getByRole('dialog', { name: 'Permissions of Chris Crew' }).waitFor();
    }));
  it('vessel settings: unpairing the bridge', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/settings`, async (page) => {
      await page.getByRole('button', { name: 'Unpair the bridge' }).click();
      await page.getByRole('dialog', { name: 'Unpair the bridge' }).getByRole('button', { name: 'Send me the code' }).waitFor();
    }));
  it('asking for access to a vessel', () => scan(`/dashboard/request-access/${seaBreezeId}`, heading('Ask for access to a vessel')));
  it('an access request and its grant dialog', async () => {
    const asked = await t.call('POST', `/api/vessel/${seaBreezeId}/requestAccess`, {
      token: await t.login('owner2@demo.test'),
      payload: { message: 'Skipper for the regatta' },
    });
    expect(asked.status).toBe(200);
    await scan(`/dashboard/vessels/${seaBreezeId}/users`, async (page) => {
      await page.getByRole('region', { name: 'Requests for access' }).getByText('Skipper for the regatta').waitFor();
      await page.getByRole('button', { name: /^Grant access to / }).click();
      await page.getByRole('dialog', { name: /^Grant access to / }).waitFor();
    });
  });
  it('routine builder', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/routines`, async (page) => {
      await page.getByRole('button', { name: 'New routine' }).click();
      const form = page.getByRole('form', { name: 'New routine' });
      for (const [kind, type] of [
        ['trigger', 'property'],
        ['condition', 'time'],
        ['action', 'command'],
      ])
        if ((await form.getByRole('group', { name: new RegExp(`^${kind} 1`, 'i') }).count()) === 0) {
          await form.getByLabel(`New ${kind}`).selectOption(type!);
          await form.getByRole('button', { name: `Add ${kind}` }).click();
        }
      await form.getByRole('group', { name: /^Action 1/ }).waitFor();
    }));
  it('property chart with its warning levels', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/devices`, async (page) => {
      await page
        .getByRole('button', { name: /^History of / })
        .first()
        .click();
      await page.getByRole('form', { name: 'Warning levels' }).waitFor();
    }));
  it('my devices and the gauges', async () => {
    const token = await t.login('owner@demo.test');
    const created = await t.call('POST', '/api/simpleDevices', { token, payload: { vesselId: seaBreezeId, type: 'tank', name: 'Fuel tank' } });
    expect(created.status).toBe(200);
    const view = (name: string, ready: string) => async (page: Page) => {
      await page.getByRole('button', { name }).click();
      await page.getByRole('heading', { name: ready }).waitFor();
      await page.getByText('Fuel tank').first().waitFor();
    };
    await scan(`/dashboard/vessels/${seaBreezeId}/devices`, view('My devices', 'Fuel tank'));
    await scan(`/dashboard/vessels/${seaBreezeId}/devices`, view('Gauges', 'Gauges'));
  });
  it('alarm banner on the vessel and the fleet card', async () => {
    // An alarm of its own: a high critical level below a value the bridge reports.
    const token = await t.login('owner@demo.test');
    const devices = (
      await t.call<{ data: Array<{ properties: Array<{ id: number; value: unknown }> }> }>('GET', `/api/vessel/${seaBreezeId}/devices`, { token })
    ).body.data;
    const property = devices.flatMap((device) => device.properties).find((candidate) => typeof candidate.value === 'number' && candidate.value > 1);
    if (!property || typeof property.value !== 'number') throw new Error('no numeric property on Sea Breeze');
    const set = await t.call('POST', '/api/devices/setPropertyWarningLevels', {
      token,
      payload: { propertyId: property.id, highCritical: property.value / 2 },
    });
    expect(set.status).toBe(200);
    await scan(`/dashboard/vessels/${seaBreezeId}/overview`, (page) => page.getByTestId('alarm-banner').waitFor({ timeout: 15_000 }));
    await scan('/dashboard', (page) => page.locator('.vessel-card__alarm').first().waitFor({ timeout: 15_000 }));
    await t.call('POST', '/api/devices/setPropertyWarningLevels', { token, payload: { propertyId: property.id } });
  }, 60_000);
  it('profile', () => scan('/dashboard/profile', (page) => page.getByRole('heading', { level: 1 }).first().waitFor()));
  it('preferences', () => scan('/dashboard/profile/preferences', heading('Preferences')));
  it('change password', () => scan('/dashboard/profile/password', heading('Change password')));
  it("companies with access to the owner's vessels", () =>
    scan('/dashboard/profile/vendors', (page) =>
      page
        .getByRole('button', { name: /^Pause / })
        .first()
        .waitFor(),
    ));
  it('deleting the profile: the dialog with its code', () =>
    scan('/dashboard/profile', async (page) => {
      await page.getByRole('button', { name: 'Delete my profile' }).click();
      await page.getByRole('dialog', { name: 'Delete my profile' }).getByRole('button', { name: 'Send me the code' }).waitFor();
    }));

  it('notification settings with the push devices', () =>
    scan('/dashboard/profile/notifications', (page) => page.getByText('No device gets your alarms by push yet.').waitFor()));
  it('terms of use inside the app', () => scan('/dashboard/terms-of-use', (page) => page.getByRole('tab').first().waitFor()));
  it('payment methods with the card form', () =>
    scan('/dashboard/profile/payment-methods', async (page) => {
      await page.getByRole('button', { name: 'Add a card' }).click();
      await page.getByLabel('Card number').waitFor();
    }));
  it('subscriptions', () =>
    scan('/dashboard/profile/subscriptions', (page) =>
      page
        .getByText(/^Active until/)
        .first()
        .waitFor(),
    ));
  it('invoices and an invoice', async () => {
    // One payment by test card gives the owner an invoice to read.
    const token = await t.login('owner@demo.test');
    const year = new Date().getUTCFullYear() + 2;
    await t.call('POST', '/api/profile/newPaymentMethod', {
      token,
      payload: { cardNumber: '4242424242424242', expMonth: 12, expYear: year, cvc: '123', holderName: 'Olivia Owner' },
    });
    const products = (await t.call('GET', `/api/vessel/${seaBreezeId}/products`, { token })).body.data.products as Array<{ id: number }>;
    const paid = await t.call('POST', '/api/billing/changeSubscriptionProducts', {
      token,
      payload: { vesselId: seaBreezeId, productIds: products.map((p) => p.id) },
    });
    await scan('/dashboard/profile/invoices', heading('Invoices'));
    await scan(`/dashboard/profile/invoices/${paid.body.data.invoice.id}`, heading(/^Invoice VL-/));
  });
});
