/**
 * The owner's and a crew member's day with nothing but the browser and the mail (issue 44).
 * The demo owner (owner@demo.test) starts on the fleet and the bell, reads Sea Breeze's live
 * values, switches a light and sees the bridge confirm it, looks where the vessel lies and leaves
 * a note; then invites a deckhand by e-mail with a name, gives them their permissions and writes
 * to them before they have an account. The deckhand opens the invitation mail's link, chooses a
 * password, signs in, accepts, gives their own name, opens the vessel and reads its values,
 * acknowledges the alarm the vessel raises, reads the owner's note and answers the owner's
 * message, which waited for them. The test reads the mail outbox and nothing else of the server;
 * the vessel's bridge is the demo stage's simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { lastMailTo, linkToken } from '../helpers/mail.js';
import { DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { launchBrowser, openPage, signIn, type TestPage } from './browser.js';
import { startDemoStage, type DemoStage } from './stage.js';

const EMAIL = 'marco.deckhand@example.test';
const PASSWORD = 'a-long-deckhand-password-2026';
/** Long enough to wrap in the thread list, which shows it whole. */
const THREAD = 'Welcome aboard: the engine room and the watch rota';

let stage: DemoStage;
let t: TestServer;
let browser: Browser;
let baseUrl: string;
let owner: TestPage;
let crew: TestPage;

beforeAll(async () => {
  ({ t, baseUrl } = stage = await startDemoStage(1000));
  browser = await launchBrowser();
  owner = await openPage(browser);
  crew = await openPage(browser, { width: 390, height: 844 });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stage?.stop();
});

const sections = (page: Page) => page.getByRole('navigation', { name: 'Vessel sections' });

/**
 * How much of the thread's name the thread list hides, in pixels below and at the side (a pixel of
 * rounding aside): none when it is read whole, neither cut with an ellipsis nor clamped.
 */
async function hiddenOfThreadName(page: Page): Promise<{ below: number; side: number }> {
  const title = page.locator('.thread-item__title', { hasText: 'Welcome aboard' });
  await title.waitFor();
  return title.evaluate((element) => ({
    below: Math.max(0, element.scrollHeight - element.clientHeight - 1),
    side: Math.max(0, element.scrollWidth - element.clientWidth - 1),
  }));
}

describe("the owner's morning", () => {
  it('starts on the fleet: each vessel with its state, and the bell with the latest alerts', async () => {
    const { page } = owner;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.getByRole('heading', { name: 'Fleet', exact: true }).first().waitFor();
    const seaBreeze = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sea Breeze' }) });
    await seaBreeze.getByText('Online').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Alerts:/ }).click();
    await page.getByRole('region', { name: 'Latest alerts' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it("reads Sea Breeze's live values", async () => {
    const { page } = owner;
    await page.getByRole('link', { name: 'Sea Breeze' }).first().click();
    await page.waitForURL((url) => /\/dashboard\/vessels\/\d+/.test(url.pathname));
    await expect.poll(() => page.getByTestId('live-data').textContent(), { timeout: 20_000 }).toBe('Live');
    await expect.poll(() => page.locator('.figure__value').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // Among many open tabs, the page is found by its title; every one of the vessel's sections is in sight.
    await expect.poll(() => page.title()).toBe('Overview · Sea Breeze · Vessel Link');
    expect(await sections(page).getByRole('link').count()).toBe(12);
    expect(await sections(page).evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
  });

  it('switches the saloon lights from the Devices tab, and the bridge confirms it', async () => {
    const { page } = owner;
    await sections(page).getByRole('link', { name: 'Devices' }).click();
    const light = page.getByRole('switch', { name: 'Saloon lights On' });
    await light.waitFor({ timeout: 15_000 });
    const before = await light.getAttribute('aria-checked');
    await light.click();
    await page.getByText('✓ Confirmed').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => light.getAttribute('aria-checked')).toBe(before === 'true' ? 'false' : 'true');
  });

  it('looks where the vessel lies, on the map with its track', async () => {
    const { page } = owner;
    await sections(page).getByRole('link', { name: 'Location' }).click();
    const map = page.getByRole('region', { name: "Map of the vessel's position, track, geofence and devices" });
    await map.waitFor();
    await map.locator('path.map-position').waitFor({ timeout: 15_000 });
  });

  it('leaves a note for whoever comes aboard', async () => {
    const { page } = owner;
    await sections(page).getByRole('link', { name: 'Notes' }).click();
    await page.getByLabel('New note').fill('Shore power cable is in the port locker');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.locator('li', { hasText: 'Shore power cable is in the port locker' }).waitFor();
    expect(owner.pageErrors).toEqual([]);
  });
});

describe("a crew member's first day", () => {
  it('the owner invites the deckhand by name, sets what they may do and writes to them', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Vessel sections' }).getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Name', { exact: true }).fill('Marco (deckhand)');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Marco (deckhand)' });
    await row.getByText('Invitation pending').waitFor();
    // The address as typed, not title-cased (innerText is what is rendered, text-transform included).
    expect(await row.innerText()).toContain(EMAIL);

    await row.getByRole('button', { name: 'Permissions of Marco (deckhand)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Permissions of Marco (deckhand)' });
    await dialog.getByLabel('Devices: view').check();
    await dialog.getByLabel('Alerts: manage').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Permissions saved').waitFor();

    // A thread before they have even chosen a password: it is about Sea Breeze and waits for them.
    await page.goto(`${baseUrl}/dashboard/messages`);
    await page.getByRole('button', { name: 'New thread' }).click();
    const form = page.getByRole('dialog', { name: 'New thread' });
    await form.getByLabel('Name (optional)').fill(THREAD);
    await form.getByRole('checkbox', { name: /Marco \(deckhand\)/ }).check();
    await form.getByText('Marco (deckhand) has not accepted the invitation to Sea Breeze yet').waitFor();
    await form.getByRole('button', { name: 'Start the thread' }).click();
    await page.getByRole('heading', { name: THREAD, level: 2 }).waitFor();
    expect(await hiddenOfThreadName(page)).toEqual({ below: 0, side: 0 });
    await page.getByLabel('Message', { exact: true }).fill('Welcome! Check the engine room before we leave.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.message__text', { hasText: 'Check the engine room' }).waitFor();
    expect(owner.pageErrors).toEqual([]);
  });

  it('the deckhand chooses a password from the invitation mail, signs in and accepts', async () => {
    const { page } = crew;
    await expect.poll(async () => (await lastMailTo(t.database.db, EMAIL))?.subject ?? '', { timeout: 10_000 }).toContain('invited to the vessel Sea Breeze');
    const token = linkToken((await lastMailTo(t.database.db, EMAIL))?.text ?? '', /password-reset\?token=(\S+)/);
    await page.goto(`${baseUrl}/password-reset?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm new password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, baseUrl, EMAIL, PASSWORD);
    const invitations = page.getByRole('dialog', { name: 'Vessel invitations' });
    await invitations.getByText('Sea Breeze').waitFor();
    await invitations.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Invitation accepted').waitFor();
    await page.keyboard.press('Escape');
    await invitations.waitFor({ state: 'detached' });
  });

  it('gives their own name', async () => {
    const { page } = crew;
    await page.goto(`${baseUrl}/dashboard/profile`);
    await page.getByLabel('First name').fill('Marco');
    await page.getByLabel('Last name').fill('Rossi');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Marco');
    await page.getByRole('button', { name: 'Save' }).and(page.locator(':disabled')).waitFor();
  });

  it('opens the vessel and reads its values', async () => {
    const { page } = crew;
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Sea Breeze' }).first().click();
    await page.waitForURL((url) => /\/dashboard\/vessels\/\d+/.test(url.pathname));
    await page.getByRole('navigation', { name: 'Vessel sections' }).getByRole('link', { name: 'Devices' }).click();
    await page.getByText('Port engine').first().waitFor();
    await expect.poll(() => page.getByText(/\d+(\.\d+)? ?°C/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Nothing beyond the permissions given: no Users tab for a deckhand who may not see the crew.
    expect(await page.getByRole('navigation', { name: 'Vessel sections' }).getByRole('link', { name: 'Users' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('is told plainly that a page is not theirs, without a Retry that cannot help', async () => {
    const { page } = crew;
    const vessel = /\/dashboard\/vessels\/\d+/.exec(page.url())![0];
    await page.goto(`${baseUrl}${vessel}/subscribe`);
    await page.getByText('You do not have permission for this.').first().waitFor();
    expect(await page.getByText(/You need \w+ on/).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Retry/ }).count()).toBe(0);
    await page.goto(`${baseUrl}${vessel}/devices`);
    await page.getByText('Port engine').first().waitFor();
  });

  it('acknowledges the alarm the vessel raises', async () => {
    const { page } = crew;
    const seaBreeze = stage.fleet.bridges.find((bridge) => bridge.serial === 'VL-DEMO-0001')!;
    void seaBreeze.injectScenario('engine-room-fire');
    const banner = page.getByTestId('alarm-banner').filter({ hasText: 'Fire in the engine room' });
    await banner.waitFor({ timeout: 25_000 });
    await banner.getByRole('button', { name: 'Acknowledge' }).click();
    await banner.waitFor({ state: 'detached' });
    // The alarm's deliveries, from the alerts tab, say who acknowledged it: whether the fire still
    // burns (the active alarm) or the detector is back to normal 15 ticks on (the history), which on
    // a loaded machine can come before the tab opens.
    await page.getByRole('navigation', { name: 'Vessel sections' }).getByRole('link', { name: 'Alerts' }).click();
    await page
      .getByRole('link', { name: /^Deliveries of .*(Fire in the engine room|Engine room fire detector normal)/ })
      .first()
      .click();
    await page
      .getByText(/Acknowledged by .+ in the app/)
      .first()
      .waitFor({ timeout: 15_000 });
  }, 60_000);

  it("reads the owner's note on the vessel", async () => {
    const { page } = crew;
    await sections(page).getByRole('link', { name: 'Notes' }).click();
    await page.locator('li', { hasText: 'Shore power cable is in the port locker' }).getByText('Olivia Owner', { exact: false }).waitFor();
    // On a phone the sections scroll sideways; the one open stays in sight.
    await page.reload();
    const selected = sections(page).locator('[aria-current="page"]');
    await expect
      .poll(async () =>
        selected.evaluate((link) => {
          const box = link.getBoundingClientRect();
          return box.left >= 0 && box.right <= window.innerWidth;
        }),
      )
      .toBe(true);
  });

  it('reads the owner’s message, which waited for them, and answers', async () => {
    const { page } = crew;
    await page
      .getByRole('link', { name: /^Messages/ })
      .first()
      .click();
    // The thread's name is read whole in the list, and the page keeps its margin on a phone.
    expect(await hiddenOfThreadName(page)).toEqual({ below: 0, side: 0 });
    const heading = (await page.getByRole('heading', { name: 'Messages', level: 1 }).boundingBox())!;
    expect(heading.x).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: /Welcome aboard/ }).click();
    await page.locator('.message__text', { hasText: 'Check the engine room' }).waitFor();
    await page.getByLabel('Message', { exact: true }).fill('Engine room checked, all dry.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.message__text', { hasText: 'Engine room checked, all dry.' }).waitFor();
    // The owner sees the answer, and the deckhand by the name they gave.
    await owner.page.locator('.message__text', { hasText: 'Engine room checked, all dry.' }).waitFor({ timeout: 10_000 });
    await owner.page.getByText('Marco Rossi').first().waitFor();
    expect(crew.pageErrors).toEqual([]);
    expect(owner.pageErrors).toEqual([]);
  });
});
