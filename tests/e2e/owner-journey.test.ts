/**
 * A new owner's whole journey in the web app, with nothing but the browser: register (the
 * verification link from the mail outbox), add a vessel, pair the spare demo bridge, see its
 * live values, subscribe with a voucher, pay for a product by test card, see an unsubscribed
 * vessel refuse live values and commands, open a document, unpair, delete. Then the server is
 * stopped under an open vessel page: the app says the server cannot be reached, not that the
 * vessel is offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { lastMailTo, linkToken } from '../helpers/mail.js';
import { DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { startDemoStage, type DemoStage } from './stage.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';

const EMAIL = 'new.owner@example.test';
const PASSWORD = 'a-long-new-password-2026';
const VESSEL = 'First Light';

let stage: DemoStage;
let t: TestServer;
let browser: Browser;
let baseUrl: string;
let tab: TestPage;
let vesselId: number;

beforeAll(async () => {
  ({ t, baseUrl } = stage = await startDemoStage(500));
  browser = await launchBrowser();
  tab = await openPage(browser);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

/** The code of the newest confirmation mail to the new owner. */
async function mailedCode(subject: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = await lastMailTo(t.database.db, EMAIL);
    if (mail && subject.test(mail.subject)) return linkToken(mail.text ?? '', /is:\s+(\S+)/);
    if (Date.now() > deadline) throw new Error(`no mail matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const liveData = (page: Page) => page.getByTestId('live-data');

describe("an owner's whole journey", () => {
  it('registers with the link from the mail and signs in', async () => {
    const { page } = tab;
    await page.goto(baseUrl + '/create-account');
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Lind');
    await page.getByLabel('E-mail').fill(EMAIL);
    // The rule is shown beside the field and a shorter password is refused in the same words the server uses.
    await page.getByText('At least 12 characters.').first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill('too-short');
    await page.getByLabel('Confirm password').fill('too-short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Use at least 12 characters.').first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(async () => (await lastMailTo(t.database.db, EMAIL))?.text ?? '', { timeout: 10_000 }).toMatch(/complete-registration/);
    const code = linkToken((await lastMailTo(t.database.db, EMAIL))?.text ?? '', /complete-registration\/(\S+)/);
    await page.goto(`${baseUrl}/complete-registration/${code}`);
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await signIn(page, baseUrl, EMAIL, PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.getByRole('heading', { name: 'No vessels yet' }).waitFor();
  });

  it('adds a vessel with its model from the catalogue', async () => {
    const { page } = tab;
    await page.getByRole('link', { name: 'Add your first vessel' }).click();
    await page.getByRole('heading', { name: 'Add a vessel' }).waitFor();
    await page.getByLabel('Name').fill(VESSEL);
    await page.getByLabel('Group').fill('Sailing');
    const manufacturer = page.getByLabel('Manufacturer');
    await expect.poll(() => manufacturer.locator('option').count()).toBeGreaterThan(1);
    await manufacturer.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add the vessel' }).click();
    await page.waitForURL(/\/dashboard\/vessels\/\d+\/settings$/);
    vesselId = Number(/vessels\/(\d+)\//.exec(page.url())![1]);
    await page.getByRole('heading', { name: VESSEL, level: 1 }).waitFor();
    await page.getByText('This vessel is not paired to the cloud yet.').waitFor();
  });

  it("pairs the spare bridge and shows the server's words for a wrong code", async () => {
    const { page } = tab;
    await page.getByRole('button', { name: 'Pair a bridge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pair a bridge' });
    await dialog.getByLabel('Pairing code').fill('ZZZZ-ZZZZ');
    await dialog.getByRole('button', { name: 'Pair', exact: true }).click();
    const refusal = await t.call('POST', `/api/vessel/${vesselId}/pair?pairingCode=ZZZZZZZZ`, { token: await t.login(EMAIL, PASSWORD) });
    await dialog.getByRole('alert').getByText(refusal.body.message, { exact: true }).waitFor();
    await dialog.getByLabel('Pairing code').fill('deck-2345');
    await dialog.getByRole('button', { name: 'Pair', exact: true }).click();
    await page.getByText('VL-DEMO-0004', { exact: true }).waitFor();
  });

  it('subscribes with a voucher from the renew banner', async () => {
    const { page } = tab;
    // In the test period after pairing the banner says until when, and offers to subscribe.
    await page.getByText(/^Test period: every cloud service is on until /).waitFor();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/subscribe$/);
    await page.getByText('renews for a further 12 months').waitFor();
    await page.getByText('28 days').first().waitFor();
    await page.getByText('7 days').first().waitFor();
    await page.getByLabel('Voucher code').fill('welcome2026');
    await page.getByRole('button', { name: 'Check the voucher' }).click();
    await page.getByText(/WELCOME2026 gives 12 months/).waitFor();
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByText(/^Active until/).waitFor();
  });

  it('adds a product paid by test card, after a declined card, and reads its invoice', async () => {
    const { page } = tab;
    await page.getByRole('heading', { name: 'Change the products' }).waitFor();
    await page.getByRole('checkbox', { name: /Cloud Cameras/ }).check();
    await page.getByRole('radio', { name: 'A new card' }).check();
    const form = page.getByRole('form', { name: 'New payment card' });
    await form.getByLabel('Name on the card').fill('Nora Lind');
    await form.getByLabel('Card number').fill('4242 4242 4242 4241');
    await form.getByLabel('Expiry (MM/YY)').fill('12/39');
    await form.getByLabel('Security code (CVC)').fill('123');
    await form.getByRole('button', { name: 'Add the card' }).click();
    await form.getByText('This card number is not valid; check it for a typing mistake.').waitFor();
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByRole('button', { name: 'Add the card' }).click();
    await form.getByRole('alert').getByText('Your card was declined.', { exact: true }).waitFor();
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Add the card' }).click();
    await page.getByRole('radio', { name: /Visa ending 4242/ }).waitFor();
    expect(await page.getByRole('radio', { name: /Visa ending 4242/ }).isChecked()).toBe(true);
    // The amount is shown before paying, and it is what is charged.
    const chargedNow = (await page.getByTestId('charged-now').textContent())!.match(/Charged now: (£[\d.,]+) for Cloud Cameras until/)![1];
    await page.getByRole('button', { name: `Pay ${chargedNow} and change the products` }).click();
    await page.getByText(new RegExp(`^Paid ${chargedNow.replace('.', '\\.')}: invoice VL-\\d{4}-\\d{6}$`)).waitFor();
    expect((await lastMailTo(t.database.db, EMAIL))?.subject).toMatch(/^Vessel Link: receipt VL-\d{4}-\d{6} for /);
    // The status says who paid what: the voucher the term, the card the product added to it.
    await page.getByText('Paid with a voucher, and the products added since by card: it does not renew.').waitFor();
    await page
      .getByText(/Cloud Cameras/)
      .first()
      .waitFor();

    await page.goto(`${baseUrl}/dashboard/profile/invoices`);
    await page
      .getByRole('link', { name: /^VL-\d{4}-\d{6}$/ })
      .first()
      .click();
    await page.getByRole('heading', { name: /^Invoice VL-/ }).waitFor();
    await page.getByRole('cell', { name: 'Cloud Cameras' }).waitFor();
    await page.getByRole('rowheader', { name: 'VAT 20%' }).waitFor();
    await page.goto(`${baseUrl}/dashboard/profile/payment-methods`);
    await page.getByText('Visa ending 4242', { exact: true }).waitFor();
  });

  it('sees live values from the paired bridge', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/overview`);
    await expect.poll(() => liveData(page).textContent(), { timeout: 20_000 }).toBe('Live');
    await expect.poll(() => page.locator('.figure__value').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  });

  it('shows an unsubscribed vessel without live values or controls, saying why, with the way to subscribe', async () => {
    // Northern Star's subscription ran out long after its bridge was paired: the rule of the terms applies.
    const other = await openPage(browser);
    try {
      const { page } = other;
      await signIn(page, baseUrl, 'owner2@demo.test', DEMO_PASSWORD);
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
      const northernStar = (await t.database.db('vessels').where({ name: 'Northern Star' }).first('id')).id;
      await page.goto(`${baseUrl}/dashboard/vessels/${northernStar}/overview`);
      await page.getByTestId('unsubscribed-live').getByText('Live values are not shown', { exact: false }).waitFor();
      await page.goto(`${baseUrl}/dashboard/vessels/${northernStar}/devices`);
      await page.getByTestId('unsubscribed-commands').getByText('Commands are not sent', { exact: false }).waitFor();
      // Among many open tabs, the page is found by its title: the tab, the vessel, the product.
      await expect.poll(() => page.title()).toBe('Devices · Northern Star · Vessel Link');
      await expect.poll(() => page.getByRole('switch').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.getByRole('switch').first().isDisabled()).toBe(true);
      await page.getByTestId('unsubscribed-commands').getByRole('link', { name: 'Subscribe or renew' }).click();
      await page.getByRole('heading', { name: 'Subscribe by card' }).waitFor();
    } finally {
      await other.context.close();
    }
  });

  it('draws the offline land layer with a scale bar under the track, and the fleet map', async () => {
    const { page } = tab;
    // Zoomed in on the boat, the finest coastline is drawn (the coarse one puts a harbour inland).
    const fine = page.waitForResponse((response) => /land-10m/.test(response.url()) && response.ok());
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/location`);
    await fine;
    await expect.poll(() => page.locator('.vessel-map path.map-land').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('.vessel-map path.map-land').first().getAttribute('d')).toMatch(/^M/);
    await page.locator('.leaflet-control-scale').waitFor();
    // Once the person zooms, the view is theirs until they ask for everything again.
    const scale = () => page.locator('.vessel-map .leaflet-control-scale-line').first().textContent();
    const fitted = await scale();
    await page.locator('.vessel-map .leaflet-control-zoom-out').click();
    await page.getByRole('button', { name: 'Show everything' }).waitFor();
    await expect.poll(scale).not.toBe(fitted);
    await page.getByRole('button', { name: 'Show everything' }).click();
    await expect.poll(scale).toBe(fitted);
    await page.goto(`${baseUrl}/dashboard`);
    const fleetMap = page.getByRole('region', { name: "Map of the fleet's last known positions" });
    await expect.poll(() => fleetMap.locator('path.map-land').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => fleetMap.locator('path.map-position').count(), { timeout: 15_000 }).toBe(1);
  });

  it('uploads a document and opens it with its permission', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/documents`);
    // A file of a kind the server refuses is explained in words before it is sent, not as a status code.
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'crew-list.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('crew-list.docx cannot be uploaded: it must be a PDF, an image or plain text.').waitFor();
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'insurance.txt', mimeType: 'text/plain', buffer: Buffer.from('Insured until 2027.\n') });
    await page.getByRole('button', { name: 'Upload' }).click();
    const link = page.getByRole('link', { name: 'insurance.txt' }).first();
    await link.waitFor();
    // The storage the vessel's documents take, counted with the new one (20 bytes).
    await page.getByText(/^Storage: 20 B of [\d.]+ MB used$/).waitFor();
    expect(await page.getByRole('meter', { name: /Storage/ }).count()).toBe(1);
    const response = await page.request.get(new URL((await link.getAttribute('href'))!, baseUrl).toString());
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe('Insured until 2027.\n');
    await page.getByRole('button', { name: 'Delete insurance.txt' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the document' });
    await confirm.getByText('insurance.txt will be deleted').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No documents yet.').waitFor();
  });

  it('unpairs the bridge with the e-mailed code', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard/vessels/${vesselId}/settings`);
    await page.getByRole('button', { name: 'Unpair the bridge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unpair the bridge' });
    await dialog.getByText('VL-DEMO-0004 will stop reporting').waitFor();
    await dialog.getByRole('button', { name: 'Send me the code' }).click();
    await dialog.getByLabel('Confirmation code').waitFor();
    await dialog.getByLabel('Confirmation code').fill(await mailedCode(/unlink the bridge/));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The code printed on the bridge stopped working: the new one is shown, and it pairs the bridge again.
    const fresh = page.getByRole('dialog', { name: "The bridge's new pairing code" });
    const shown = (await fresh.getByTestId('new-pairing-code').textContent())!.trim();
    expect(shown).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await fresh.getByRole('button', { name: 'I have noted it' }).click();
    await page.getByRole('button', { name: 'Pair a bridge' }).click();
    await page.getByLabel('Pairing code').fill(shown);
    await page.getByRole('dialog', { name: 'Pair a bridge' }).getByRole('button', { name: 'Pair' }).click();
    await page.getByText('Bridge paired').first().waitFor();
  });

  it('deletes the vessel with the e-mailed code', async () => {
    const { page } = tab;
    await page.getByRole('button', { name: `Delete ${VESSEL}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${VESSEL}` });
    await dialog.getByText('cannot be undone').waitFor();
    await dialog.getByRole('button', { name: 'Send me the code' }).click();
    await dialog.getByLabel('Confirmation code').fill(await mailedCode(/delete/));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'No vessels yet' }).waitFor();
    expect(await t.database.db('vessels').where({ id: vesselId }).first()).toBeUndefined();
  });

  it('deletes the profile with the e-mailed code, as the privacy policy promises', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard/profile`);
    await page.getByRole('heading', { name: 'Delete my profile' }).waitFor();
    await page.getByRole('button', { name: 'Delete my profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my profile' });
    await dialog.getByText(EMAIL, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Send me the code' }).click();
    await dialog.getByLabel('Confirmation code').fill(await mailedCode(/delete your account/));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your profile was deleted').first().waitFor();
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    expect(await t.database.db('users').where({ email: EMAIL }).first()).toBeUndefined();
    expect(tab.pageErrors).toEqual([]);
  });
});

describe('the server stopped under an open vessel page', () => {
  it('shows the Connection Issue dialog, not the vessel offline', async () => {
    const { page } = await openPage(browser);
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    const seaBreeze = (await t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreeze}/overview`);
    await expect.poll(() => liveData(page).textContent(), { timeout: 20_000 }).toBe('Live');
    await t.server.stop({ timeout: 1000 });
    await page.getByRole('alertdialog', { name: 'Connection Issue' }).waitFor({ timeout: 60_000 });
    await expect(page.getByText(/^Offline/).count()).resolves.toBe(0);
    await expect(page.getByText('This vessel is offline').count()).resolves.toBe(0);
    await page.getByText('Unknown: the server cannot be reached').first().waitFor();
  }, 90_000);
});
