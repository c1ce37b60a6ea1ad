/**
 * An axe-core scan of every main screen in both themes: no serious or critical violation (every
 * rule in the light theme, the colour rules again in the dark one). The screens of the company
 * staff and the administrator are scanned again at a phone's 390 px, narrowed in place.
 * The demo data with its simulated bridges, so the screens show what an owner sees, and the
 * admin area as the demo administrator sees it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { applyRoutineAlert } from '../../src/modules/alerts/api.js';
import { DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { startDemoStage, type DemoStage } from './stage.js';
import { fitsWidth } from './axe.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';

const THEMES = ['light', 'dark'] as const;

// Each test loads a screen and runs axe over it twice (both themes): about 10 s for the device
// list on a quiet two-core machine, and 30 s once (a CI run of 2026-11-27) with the other suites
// running beside it. A test that hangs still fails, after 90 s.
vi.setConfig({ testTimeout: 90_000 });

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

/** The rules whose outcome depends on the colours, which are all a theme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Serious and critical violations, each named with the elements it was found on. The light theme
 * gets every WCAG 2.1 A/AA rule; the dark theme the colour rules only: structure, names, roles
 * and keyboard order are the same markup in both, so scanning them twice finds nothing new.
 */
async function violations(page: Page, theme: (typeof THEMES)[number]): Promise<string[]> {
  // Violations only: axe then builds no selector for each of the thousands of elements that pass.
  // Legacy mode runs axe in the page itself instead of finishing each run in a new blank page (the
  // default, for cross-origin frames, which these screens do not have): a third of a scan's time.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  const result = await (theme === 'light' ? axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']) : axe.withRules(COLOUR_RULES)).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Waits for the page's finite animations and transitions (a theme's colours fading in) to end. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/** A desktop and a phone (issue 44): every screen an owner, their crew or a newcomer reaches is scanned at both. */
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const BOTH_WIDTHS = [DESKTOP, PHONE];

/**
 * Scans a screen in each theme at each width, loaded once: the light theme at each width, then
 * the device switched to dark (the app follows the device's colour scheme as it changes) and
 * scanned again at each width. The phone's scan is the same page narrowed (the layout is CSS
 * media queries, which reflow at once), not a second load.
 */
async function scan(path: string, ready: (page: Page) => Promise<void>, on: TestPage = tab, widths: Array<typeof DESKTOP> = BOTH_WIDTHS) {
  const { page } = on;
  await page.emulateMedia({ colorScheme: THEMES[0] });
  await page.setViewportSize(widths[0]!);
  await page.goto(baseUrl + path);
  await ready(page);
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction((expected) => document.documentElement.dataset.theme === expected, theme);
    // The light theme from the widest width down, the dark one back up: one resize fewer.
    for (const size of theme === THEMES[0] ? widths : [...widths].reverse()) {
      await page.setViewportSize(size);
      await settled(page);
      const width = size.width;
      expect({ path, theme, width, violations: await violations(page, theme) }).toEqual({ path, theme, width, violations: [] });
      // On the phone a screen must also fit its width, without sideways scrolling.
      if (width === PHONE.width && theme === 'light') expect({ path, fitsWidth: await fitsWidth(page) }).toEqual({ path, fitsWidth: true });
    }
  }
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

describe('public screens', () => {
  it('landing', () => scan('/', heading('Sign in')));
  it('terms', () => scan('/terms', heading('Terms of Use')));
  it('create account', () => scan('/create-account', (page) => page.getByLabel('First name').waitFor()));
  it('sign-in link', () => scan('/sign-in-link', heading('Sign in with a link')));
  it('password reset request', () => scan('/password-reset-request', heading('Reset your password')));
  it('new password from the mail link', () => scan('/password-reset?token=axe-check', (page) => page.getByLabel('New password', { exact: true }).waitFor()));
  it('finish registration with a used link', () => scan('/complete-registration/axe-check', (page) => page.getByRole('alert').waitFor()));
  it('mobile app', () => scan('/mobile-app', heading('Vessel Link on your phone')));
  it('not found', () =>
    scan('/no-such-page', (page) =>
      page
        .getByText(/not found/i)
        .first()
        .waitFor(),
    ));
});

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

/** A tab of a user signed in. */
async function signedIn(email: string, password = DEMO_PASSWORD, home: (path: string) => boolean = (path) => path.startsWith('/dashboard')): Promise<TestPage> {
  const signed = await openPage(browser, { colorScheme: 'light' });
  await signed.page.goto(baseUrl + '/');
  await signIn(signed.page, baseUrl, email, password);
  await signed.page.waitForURL((url) => home(url.pathname));
  return signed;
}

describe("the crew's screens (crew@demo.test: viewing devices and alerts, switching)", () => {
  let crewTab: TestPage;
  beforeAll(async () => {
    crewTab = await signedIn('crew@demo.test');
  });
  afterAll(async () => {
    await crewTab?.context.close();
  });

  it('fleet', () => scan('/dashboard', heading('Fleet'), crewTab));
  for (const tab of ['overview', 'devices', 'alerts']) {
    it(`vessel ${tab}`, () => scan(`/dashboard/vessels/${seaBreezeId}/${tab}`, heading('Sea Breeze'), crewTab));
  }
  it('a page outside their permissions', () =>
    scan(`/dashboard/vessels/${seaBreezeId}/subscribe`, (page) => page.getByText('You do not have permission for this.').first().waitFor(), crewTab));
});

describe("a newcomer's screens (no vessel yet, an invitation waiting)", () => {
  const EMAIL = 'axe-newcomer@example.test';
  const PASSWORD = 'a-long-newcomer-password';
  let newcomerTab: TestPage;
  const invitations = (page: Page) => page.getByRole('dialog', { name: 'Vessel invitations' });
  beforeAll(async () => {
    const admin = await t.login('admin@demo.test');
    expect((await t.call('POST', '/api/admin/users', { token: admin, payload: { email: EMAIL, password: PASSWORD, firstName: 'Nadia' } })).status).toBe(200);
    const northernStar = (await t.database.db('vessels').where({ name: 'Northern Star' }).first('id')).id;
    const invited = await t.call('POST', `/api/vessel/${northernStar}/addUser?email=${EMAIL}&name=Nadia`, { token: await t.login('owner2@demo.test') });
    expect(invited.status).toBe(200);
    newcomerTab = await signedIn(EMAIL, PASSWORD);
  });
  afterAll(async () => {
    await newcomerTab?.context.close();
  });

  it('the invitation over the empty fleet', () => scan('/dashboard', (page) => invitations(page).getByText('Northern Star').waitFor(), newcomerTab));
  it('the empty fleet', () =>
    scan(
      '/dashboard',
      async (page) => {
        await invitations(page).getByText('Northern Star').waitFor();
        await page.keyboard.press('Escape');
        await invitations(page).waitFor({ state: 'detached' });
        await heading('No vessels yet')(page);
      },
      newcomerTab,
    ));
  it("a new vessel's settings: pairing a bridge and deleting the vessel", async () => {
    const token = await t.login(EMAIL, PASSWORD);
    const created = await t.call('POST', '/api/vessel/create', { token, payload: { name: 'First Light' } });
    expect(created.status).toBe(200);
    const settings = `/dashboard/vessels/${created.body.data.id}/settings`;
    for (const [button, dialog] of [
      ['Pair a bridge', 'Pair a bridge'],
      ['Delete First Light', 'Delete First Light'],
    ] as const)
      await scan(
        settings,
        async (page) => {
          await page.getByRole('button', { name: button }).click();
          await page.getByRole('dialog', { name: dialog }).waitFor();
        },
        newcomerTab,
      );
  });
});

describe('admin screens', () => {
  let adminTab: TestPage;

  beforeAll(async () => {
    adminTab = await signedIn('admin@demo.test', DEMO_PASSWORD, (path) => path === '/dashboard/admin');
  });

  afterAll(async () => {
    await adminTab?.context.close();
  });

  const screens: Array<[string, string]> = [
    ['', 'Administration'],
    ['/users', 'Users'],
    ['/vessels', 'Vessels'],
    ['/alerts', 'Alerts across vessels'],
    ['/companies', 'Companies'],
    ['/vessel-models', 'Vessel models'],
    ['/bridges', 'Bridges'],
    ['/rollouts', 'Software rollouts'],
    ['/subscriptions', 'Subscriptions'],
    ['/vouchers', 'Vouchers'],
    ['/products', 'Products'],
    ['/logs', 'Audit trail'],
    ['/error-reports', 'Error reports'],
    ['/mail', 'Mail outbox'],
    ['/reference', 'Reference lists'],
  ];
  for (const [path, title] of screens) {
    it(`admin ${title.toLowerCase()}`, () => scan(`/dashboard/admin${path}`, heading(title), adminTab));
  }

  // The detail views open in a modal over their list, named in the URL (`open=`).
  const dialogText = (text: string | RegExp) => (page: Page) => page.getByRole('dialog').getByText(text).first().waitFor();
  it('admin company detail, vessel company access, error report and mail', async () => {
    const db = t.database.db;
    const riviera = (await db('companies').where({ name: 'Riviera Yachts' }).first('id')).id;
    await scan(`/dashboard/admin/companies?open=${riviera}`, dialogText('dealer@demo.test'), adminTab);
    const seaBreeze = (await db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
    await scan(`/dashboard/admin/vessels?open=${seaBreeze}`, dialogText('Riviera Yachts'), adminTab);
    const token = await t.login('owner@demo.test');
    await t.call('POST', '/api/utility/error', {
      token,
      payload: { displayedMsg: 'Chart failed', endpoint: '/api/charts', timestamp: new Date().toISOString(), platform: 'CLOUD_UI', status: 500 },
    });
    const report = (await db('error_reports').orderBy('id', 'desc').first('id')).id;
    await scan(`/dashboard/admin/error-reports?open=${report}`, dialogText('Chart failed'), adminTab);
    await t.call('POST', '/api/admin/users/invite?email=axe-reader@example.test', { token: await t.login('admin@demo.test') });
    const mail = (await db('mail_outbox').orderBy('id', 'desc').first('id')).id;
    await scan(`/dashboard/admin/mail?open=${mail}`, dialogText('axe-reader@example.test'), adminTab);
    // Sixteen scans: four dialogs, two themes, two widths.
  }, 240_000);
});

describe('organisation screens (dealer staff)', () => {
  let dealerTab: TestPage;
  let clientId: number;
  beforeAll(async () => {
    const token = await t.login('dealer@demo.test');
    clientId = (await t.call('POST', '/api/org/clients/add?email=owner2@demo.test', { token })).body.data.id;
    await t.call('POST', `/api/org/clients/${clientId}/notes`, { token, payload: { messageText: 'Prefers calls in the morning' } });
    dealerTab = await signedIn('dealer@demo.test');
  });
  afterAll(async () => {
    await dealerTab?.context.close();
  });

  it('company fleet (home)', () => scan('/dashboard', heading('Riviera Yachts fleet'), dealerTab));
  it('company', () => scan('/dashboard/organisation', heading('Company profile'), dealerTab));
  it('staff', () => scan('/dashboard/organisation/staff', heading('Invite a staff member'), dealerTab));
  it('clients', () => scan('/dashboard/organisation/clients', heading('Add a client'), dealerTab));
  it('client', () => scan(`/dashboard/organisation/clients/${clientId}`, (page) => page.getByText('Prefers calls in the morning').waitFor(), dealerTab));
  it('relationships', () => scan('/dashboard/organisation/relationships', heading('Work with another company'), dealerTab));
  it('contacts', () => scan('/dashboard/organisation/contacts', heading('Manufacturers'), dealerTab));
  it('services due', () => scan('/dashboard/organisation/services', heading('Services due'), dealerTab));
  it("a client's vessel", () => scan(`/dashboard/vessels/${seaBreezeId}/overview`, heading('Sea Breeze'), dealerTab));
});
