/**
 * The platform administrator's console in the web app, as admin@demo.test: signing in lands on
 * the admin overview, the users list keeps its search, sort and page in the URL (so a view can
 * be shared), a form shows the server's refusal next to its field, and a voucher is created and
 * its code shown; a bridge is provisioned with its secret shown once, and its open detail is kept
 * in the URL, with its (empty) connection history; a dealer company and a vessel model are created,
 * the overview shows the platform's figures, and a staged rollout is started and stopped. An owner gets no admin navigation, and the admin path is not found for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { applyNotification } from '../../src/modules/alerts/api.js';
import { pairedBridge } from '../mqtt/helpers.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let admin: TestPage;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  // Enough users for a second page of ten.
  const token = await t.login('admin@demo.test');
  for (let i = 1; i <= 6; i++) {
    const created = await t.call('POST', '/api/admin/users', {
      token,
      payload: { email: `sailor${i}@example.test`, password: 'a-long-sailor-password', firstName: 'Sailor', lastName: `Number ${i}` },
    });
    expect(created.status).toBe(200);
  }
  browser = await launchBrowser();
  admin = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const usersTable = () => admin.page.getByRole('table', { name: 'Users' });

describe('the admin console', () => {
  it('lands an administrator on the admin overview, reachable from the navigation', async () => {
    const { page } = admin;
    await signIn(page, baseUrl, 'admin@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard/admin');
    await page.getByRole('heading', { name: 'Administration', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Users' }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Main navigation' });
    await sidebar.getByRole('link', { name: 'Administration' }).waitFor();
  });

  it('searches, sorts and pages the users, all kept in the URL', async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await usersTable().getByRole('cell', { name: 'owner@demo.test', exact: true }).waitFor();

    await page.getByRole('searchbox', { name: 'Search users by e-mail or name' }).fill('sailor');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'sailor');
    await usersTable().getByRole('cell', { name: 'sailor1@example.test', exact: true }).waitFor();
    await expect.poll(() => usersTable().getByRole('cell', { name: 'owner@demo.test', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: /^E-mail/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'email,asc');
    await page.getByRole('button', { name: /^E-mail/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'email,desc');
    // z… first: the sailors come before the demo accounts.
    await expect.poll(() => usersTable().getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('sailor6@example.test');

    await page.getByLabel('Per page').selectOption('10');
    await page.waitForURL((url) => url.searchParams.get('size') === '10');
    // Until the second page's rows arrive, the first page's stay under the new page's number, marked busy.
    let sendSecondPage!: () => void;
    const secondPageHeld = new Promise<void>((resolve) => (sendSecondPage = resolve));
    const secondPage = (url: URL) => url.pathname === '/api/admin/users' && url.searchParams.get('page') === '1';
    await page.route(secondPage, async (route) => {
      await secondPageHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '1');
    await page.getByText(/page 2 of 2/).waitFor();
    expect(await usersTable().getAttribute('aria-busy')).toBe('true');
    expect(await usersTable().getByRole('row').count()).toBe(11);
    sendSecondPage();
    await expect.poll(() => usersTable().getAttribute('aria-busy')).toBe('false');
    await page.unroute(secondPage);
    const shared = page.url();
    const onSecondPage = await usersTable().getByRole('row').count();

    // The same URL, opened afresh, shows the same view.
    await page.goto(shared);
    await page.getByText(/page 2 of 2/).waitFor();
    await expect.poll(() => usersTable().getByRole('row').count()).toBe(onSecondPage);
    expect(await page.getByRole('button', { name: /^E-mail/ }).textContent()).toContain('▼');
  });

  it("shows the server's refusal next to the field it names", async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Create user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a user' });
    await dialog.getByLabel('E-mail').fill('not-an-address');
    await dialog.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    const email = dialog.getByLabel('E-mail');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('alert').textContent()).toMatch(/valid email/i);

    await email.fill('deckhand@example.test');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('deckhand@example.test was created').waitFor();
  });

  it("asks before changing a person's rights: cancelled, nothing changes; confirmed, the user is suspended, activated, made and unmade an administrator", async () => {
    const { page } = admin;
    await page.getByRole('searchbox', { name: 'Search users by e-mail or name' }).fill('deckhand');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = usersTable().getByRole('row').filter({ hasText: 'deckhand@example.test' });
    await row.getByRole('button', { name: 'Suspend deckhand@example.test' }).click();
    const question = page.getByRole('dialog', { name: 'Suspend this user?' });
    await question.getByText('will be signed out everywhere', { exact: false }).waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await row.getByText('suspended', { exact: true }).count()).toBe(0);
    await row.getByRole('button', { name: 'Suspend deckhand@example.test' }).click();
    await page.getByRole('dialog', { name: 'Suspend this user?' }).getByRole('button', { name: 'Suspend user' }).click();
    await row.getByText('suspended', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Activate deckhand@example.test' }).click();
    await page.getByRole('dialog', { name: 'Activate this user?' }).getByRole('button', { name: 'Activate user' }).click();
    await row.getByText('active', { exact: true }).waitFor();
    // Making and revoking an administrator ask too, saying what the person gains or loses.
    await row.getByRole('button', { name: 'Make admin deckhand@example.test' }).click();
    const promote = page.getByRole('dialog', { name: 'Make this user an administrator?' });
    await promote.getByText('will be able to see and change everything on the platform', { exact: false }).waitFor();
    await promote.getByRole('button', { name: 'Cancel' }).click();
    await promote.waitFor({ state: 'detached' });
    expect(await row.getByText('admin', { exact: true }).count()).toBe(0);
    await row.getByRole('button', { name: 'Make admin deckhand@example.test' }).click();
    await promote.getByRole('button', { name: 'Make administrator' }).click();
    await row.getByRole('button', { name: 'Revoke admin deckhand@example.test' }).click();
    const demote = page.getByRole('dialog', { name: 'Revoke administrator rights?' });
    await demote.getByText('will lose the administration console', { exact: false }).waitFor();
    await demote.getByRole('button', { name: 'Revoke rights' }).click();
    await row.getByRole('button', { name: 'Make admin deckhand@example.test' }).waitFor();
  });

  it('shows what people did in the audit trail, the session checks only on request', async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Audit trail' }).click();
    const trail = page.getByRole('table', { name: 'Audit entries' });
    await trail.getByRole('cell', { name: 'POST /api/auth/login' }).first().waitFor();
    expect(await trail.getByRole('cell', { name: 'POST /api/auth/checkSession' }).count()).toBe(0);
    await page.getByLabel('Show session checks').check();
    await page.waitForURL((url) => url.searchParams.get('routine') === 'true');
    await trail.getByRole('cell', { name: 'POST /api/auth/checkSession' }).first().waitFor();
    await page.getByLabel('Show session checks').uncheck();
  });

  it('lists the vessels from the overview, with their owners', async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('link', { name: /^\d+\s*Vessels/ }).click();
    await page.getByRole('heading', { name: 'Vessels', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Vessels' });
    await table.getByRole('row').filter({ hasText: 'Sea Breeze' }).getByRole('cell', { name: 'owner@demo.test' }).waitFor();
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('link', { name: /Active alarms/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/alerts'));
  });

  it("acknowledges a vessel's alarm from the alerts across vessels", async () => {
    const { page } = admin;
    // Sea Breeze's bridge reports a bilge alarm (through the alerts module, as the ingest would);
    // the bridge is deleted afterwards, its alarms with it, so the later figures count none.
    const token = await t.login('admin@demo.test');
    const bridge = await pairedBridge(t, token, 'Sea Breeze', 'VL-TEST-ALARM');
    await applyNotification(
      t.database.db,
      bridge.id,
      { path: 'notifications.bilge', value: { state: 'alarm', message: 'Bilge high' }, timestampMs: Date.now() },
      t.server.app.ctx.clock.now(),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Alerts across vessels', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Active alerts' });
    await table.getByRole('row').filter({ hasText: 'Bilge high' }).getByRole('link', { name: 'Sea Breeze' }).waitFor();
    const acknowledge = table.getByRole('button', { name: /^Acknowledge / }).first();
    await acknowledge.waitFor();
    const before = await table.getByRole('button', { name: /^Acknowledge / }).count();
    await acknowledge.click();
    await table
      .getByText(/^Acknowledged /)
      .first()
      .waitFor();
    expect(await table.getByRole('button', { name: /^Acknowledge / }).count()).toBe(before - 1);
    const adminId = (await t.database.db('users').where({ email: 'admin@demo.test' }).first('id')).id;
    expect(await t.database.db('alert_log').where({ action: 'acknowledged', user_id: adminId }).first()).toBeDefined();
    expect((await t.call('DELETE', `/api/admin/reportingClients/${bridge.id}`, { token })).status).toBe(200);
  });

  it('points Fleet, Alerts and Charts at the console, and offers no Organisation to an admin of no company', async () => {
    const { page } = admin;
    const sidebar = page.getByRole('complementary', { name: 'Main navigation' });
    expect(await sidebar.getByRole('link', { name: 'Fleet' }).getAttribute('href')).toBe('/dashboard/admin/vessels');
    expect(await sidebar.getByRole('link', { name: 'Alerts' }).getAttribute('href')).toBe('/dashboard/admin/alerts');
    expect(await sidebar.getByRole('link', { name: 'Charts' }).getAttribute('href')).toBe('/dashboard/admin');
    expect(await sidebar.getByRole('link', { name: 'Organisation' }).count()).toBe(0);
  });

  it("shows a company's staff and vessels, and a vessel's company access", async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Companies' }).click();
    await page.getByRole('button', { name: 'Staff and vessels of Riviera Yachts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Riviera Yachts: staff and vessels' });
    await dialog.getByRole('table', { name: 'Staff of Riviera Yachts' }).getByRole('cell', { name: 'dealer@demo.test' }).waitFor();
    await dialog.getByRole('table', { name: 'Vessel grants of Riviera Yachts' }).getByRole('cell', { name: 'Sea Breeze' }).waitFor();
    await dialog.getByRole('heading', { name: 'Services due' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Vessels' }).click();
    await page.getByRole('button', { name: 'Company access to Sea Breeze' }).click();
    const grants = page.getByRole('dialog', { name: 'Company access to Sea Breeze' });
    await grants.getByRole('cell', { name: 'Riviera Yachts' }).waitFor();
    await page.keyboard.press('Escape');
    await grants.waitFor({ state: 'detached' });
  });

  it('shows the whole of an error report, and reads a mail of the outbox', async () => {
    const { page } = admin;
    const owner = await t.login('owner@demo.test');
    await t.call('POST', '/api/utility/error', {
      token: owner,
      payload: {
        displayedMsg: 'Chart failed',
        endpoint: '/api/charts',
        timestamp: new Date().toISOString(),
        platform: 'CLOUD_UI',
        status: 500,
        comment: 'blank',
      },
    });
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Error reports' }).click();
    await page.getByRole('table', { name: 'Error reports' }).getByRole('button', { name: /^Show/ }).first().click();
    const report = page.getByRole('dialog', { name: /^Error report #\d+/ });
    await report.getByText('Chart failed').waitFor();
    await report.getByText('owner@demo.test').waitFor();
    await page.keyboard.press('Escape');
    await report.waitFor({ state: 'detached' });

    const token = await t.login('admin@demo.test');
    await t.call('POST', '/api/admin/users/invite?email=mail-reader@example.test', { token });
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Mail outbox' }).click();
    await page.getByRole('heading', { name: 'Mail outbox', level: 1 }).waitFor();
    const row = page.getByRole('table', { name: 'Mails' }).getByRole('row').filter({ hasText: 'mail-reader@example.test' });
    await row.getByRole('cell', { name: 'In the outbox' }).waitFor();
    await row.getByRole('button', { name: /^Read/ }).click();
    await page.waitForURL((url) => url.searchParams.has('open'));
    const text = page.getByTestId('mail-text');
    await text.waitFor();
    expect(await text.textContent()).toMatch(/token=/);
    await page.keyboard.press('Escape');
    await text.waitFor({ state: 'detached' });
  });

  it('creates a voucher and shows its code', async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Vouchers' }).click();
    await page.getByRole('heading', { name: 'Vouchers', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create voucher' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a voucher' });
    await dialog.getByRole('button', { name: 'Create voucher' }).click();
    await dialog.getByText('Choose at least one product.').waitFor();
    await dialog.getByLabel('Cloud Connect').check();
    await dialog.getByLabel('Duration (months)').fill('6');
    await dialog.getByLabel('Number of uses').fill('5');
    await dialog.getByRole('button', { name: 'Create voucher' }).click();

    const code = (await page.getByTestId('voucher-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{12}$/);
    const stored = await t.database.db('vouchers').where({ code }).first();
    expect(stored).toMatchObject({ months: 6, max_uses: 5 });
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: `${code.slice(0, 3)}…` }).waitFor();
    await page.getByRole('cell', { name: '0 of 5' }).waitFor();
  });

  it('provisions a bridge, shows its secret once, and keeps its open detail in the URL', async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Bridges' }).click();
    await page.getByRole('heading', { name: 'Bridges', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Provision bridge' }).click();
    const form = page.getByRole('dialog', { name: 'Provision a bridge' });
    await form.getByLabel('Serial').fill('VL-TEST-0099');
    await form.getByRole('button', { name: 'Provision', exact: true }).click();
    const secrets = page.getByRole('dialog', { name: 'Bridge VL-TEST-0099' });
    const secret = (await secrets.getByTestId('bridge-secret').textContent())?.trim() ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(20);
    await secrets.getByRole('button', { name: 'I have noted them' }).click();
    await secrets.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Manage VL-TEST-0099' }).click();
    await page.getByRole('heading', { name: 'Bridge VL-TEST-0099', level: 2 }).waitFor();
    const id = (await t.database.db('bridges').where({ serial: 'VL-TEST-0099' }).first('id')).id;
    await page.waitForURL((url) => url.searchParams.get('open') === String(id));
    await page.reload();
    await page.getByRole('heading', { name: 'Bridge VL-TEST-0099', level: 2 }).waitFor();
    await page.getByText('No software update was asked for.').waitFor();
    await page.getByText('This bridge has not connected in the last 90 days.').waitFor();
    // The secret is nowhere on the page any more.
    expect(await page.getByText(secret).count()).toBe(0);
  });

  it('creates a dealer company and a vessel model of a manufacturer', async () => {
    const { page } = admin;
    const sections = page.getByRole('navigation', { name: 'Administration sections' });
    await sections.getByRole('link', { name: 'Companies' }).click();
    await page.getByRole('heading', { name: 'Companies', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Riviera Yachts', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create company' }).click();
    const company = page.getByRole('dialog', { name: 'Create a company' });
    await company.getByLabel('Kind').selectOption('dealer');
    await company.getByLabel('Name').fill('Solent Boat Sales');
    await company.getByLabel('E-mail').fill('sales@solent-boats.example');
    await company.getByLabel('Country').selectOption('GB');
    await company.getByRole('button', { name: 'Create company' }).click();
    await company.waitFor({ state: 'detached' });
    await page.getByText('The dealer Solent Boat Sales was created').waitFor();
    const row = page.getByRole('row', { name: /Solent Boat Sales/ });
    await row.getByRole('cell', { name: 'dealer', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'GB', exact: true }).waitFor();
    expect(await t.database.db('companies').where({ name: 'Solent Boat Sales' }).first()).toMatchObject({ kind: 'dealer' });
    // A new company has nobody to invite its staff: the administrator invites its first one.
    await row.getByRole('button', { name: 'Invite its administrator (Solent Boat Sales)' }).click();
    const first = page.getByRole('dialog', { name: 'The administrator of Solent Boat Sales' });
    await first.getByLabel('E-mail').fill('manager@solent-boats.example');
    await first.getByRole('button', { name: 'Send the invitation' }).click();
    await page.getByText('manager@solent-boats.example is invited to run Solent Boat Sales').waitFor();

    await sections.getByRole('link', { name: 'Vessel models' }).click();
    await page.getByRole('heading', { name: 'Vessel models', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Azure 50', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create vessel model' }).click();
    const model = page.getByRole('dialog', { name: 'Create a vessel model' });
    await model.getByLabel('Model name').fill('Azure 44');
    await model.getByLabel('Manufacturer').selectOption({ label: 'Azure Yachts' });
    await model.getByLabel('Length (m)').fill('13.4');
    await model.getByRole('button', { name: 'Create model' }).click();
    await model.waitFor({ state: 'detached' });
    await page.getByText('The vessel model Azure 44 was created').waitFor();
    const created = page.getByRole('row', { name: /Azure 44/ });
    await created.getByRole('cell', { name: 'Azure Yachts', exact: true }).waitFor();
    await created.getByRole('cell', { name: '13.4 m', exact: true }).waitFor();
  });

  it("shows the platform's figures on the overview: users, vessels, bridges online and their series", async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Overview' }).click();
    const figures = page.getByRole('region', { name: 'Platform today' });
    const bridges = figures.getByRole('link', { name: /Bridges online/ });
    // The bridge provisioned above has never connected: none of one is online.
    await expect.poll(() => bridges.textContent()).toContain('0 / 1');
    const users = figures.getByRole('link', { name: /^\d+\s*Users/ });
    const userCount = await t.database.db('users').count<{ n: number }[]>({ n: '*' }).first();
    await expect.poll(async () => (await users.textContent())?.startsWith(String(userCount?.n))).toBe(true);
    await figures.getByRole('img', { name: /^Users, new ones per day, last 14 days: from \d+ to \d+$/ }).waitFor();
    await figures.getByRole('link', { name: /Subscriptions expiring this month/ }).waitFor();
    expect(await page.getByText(/could not be loaded/i).count()).toBe(0);
  });

  it('starts a staged rollout, watches its bridge and stops it', async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Rollouts' }).click();
    await page.getByRole('heading', { name: 'Software rollouts', level: 1 }).waitFor();
    await page.getByText('No software rollout was started yet.').waitFor();
    await page.getByRole('button', { name: 'Start rollout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a staged rollout' });
    await dialog.getByLabel('Version').fill('2.1.0');
    await dialog.getByLabel('VL-TEST-0099').check();
    await dialog.getByLabel('First stage').selectOption('100');
    await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Start rollout' }).click();
    await page.getByText('The rollout of 2.1.0 has started').waitFor();
    await page.getByRole('heading', { name: 'Rollout of 2.1.0: running, released to 100 % (first stage)' }).waitFor();
    // The bridge never connected: released, it waits for it.
    const target = page.getByRole('table', { name: 'Bridges of the rollout' }).getByRole('row', { name: /VL-TEST-0099/ });
    await target.getByRole('cell', { name: 'Waiting (offline)' }).waitFor();

    await page.getByRole('button', { name: 'Stop rollout' }).click();
    await page.getByRole('dialog', { name: 'Stop this rollout?' }).getByRole('button', { name: 'Stop rollout' }).click();
    await page.getByRole('heading', { name: /^Rollout of 2\.1\.0: stopped/ }).waitFor();
    await page.getByText('Stopped by an administrator').waitFor();
    await page
      .getByRole('row', { name: /2\.1\.0/ })
      .first()
      .getByText('stopped', { exact: true })
      .waitFor();
  });

  it('keeps the open section in sight on a phone, where the sections scroll sideways', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    const { page } = phone;
    await signIn(page, baseUrl, 'admin@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(baseUrl + '/dashboard/admin/mail');
    await page.getByRole('heading', { name: 'Mail outbox' }).waitFor();
    const open = page.getByRole('navigation', { name: 'Administration sections' }).locator('[aria-current="page"]');
    await expect
      .poll(() =>
        open.evaluate((link) => {
          const box = link.getBoundingClientRect();
          return box.left >= 0 && box.right <= window.innerWidth;
        }),
      )
      .toBe(true);
    expect(phone.pageErrors).toEqual([]);
    await phone.context.close();
  });

  it('offers an owner no admin navigation, and the admin path is not found for them', async () => {
    const owner = await openPage(browser);
    const { page } = owner;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Main navigation' });
    await sidebar.getByRole('link', { name: 'Profile' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    await page.goto(baseUrl + '/dashboard/admin/users');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(owner.pageErrors).toEqual([]);
    await owner.context.close();
  });

  it('had no uncaught error in the page', () => {
    expect(admin.pageErrors).toEqual([]);
  });
});
