/**
 * An axe-core scan of the public screens and of the crew's, a newcomer's, the administrator's and
 * the company staff's, in both themes and at a desktop's and a phone's width (tests/e2e/axe.ts,
 * scanScreen): no serious or critical violation. The owner's screens are in accessibility.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { heading, scanScreen } from './axe.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';
import { startDemoStage, type DemoStage } from './stage.js';

let stage: DemoStage;
let t: TestServer;
let browser: Browser;
let baseUrl: string;
let seaBreezeId: number;
/** A signed-out tab, for the public screens. */
let tab: TestPage;

beforeAll(async () => {
  ({ t, baseUrl } = stage = await startDemoStage(1000));
  seaBreezeId = (await t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  browser = await launchBrowser();
  tab = await openPage(browser, { colorScheme: 'light' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

/** The screen at `path`, scanned in the signed-out tab unless another is given. */
const scan = (path: string, ready: (page: Page) => Promise<void>, on: TestPage = tab) => scanScreen(on.page, baseUrl + path, ready);

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
