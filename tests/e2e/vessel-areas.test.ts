/**
 * The vessel areas at a phone's width in both themes: cameras, interfaces and the reporting
 * switches in the settings, and the track downloaded as GPX from the Location tab.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, signIn } from './browser.js';

const PHONE = 360;
/** A 1×1 PNG: the test camera's snapshot. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let t: TestServer;
let browser: Browser;
let camera: Server;
let baseUrl: string;
let seaBreezeId: number;

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true, env: { CAMERA_ALLOW_PRIVATE: 'on' } });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  camera = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL));
  await new Promise<void>((resolve) => camera.listen(0, '127.0.0.1', resolve));
  seaBreezeId = (await t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  const cameraUrl = `http://127.0.0.1:${(camera.address() as AddressInfo).port}/deck`;
  await t.call('POST', `/api/vessel/${seaBreezeId}/cameras`, { token: await t.login('owner@demo.test'), payload: { name: 'Deck', streamUrl: cameraUrl } });
  // A long audit log: more than a page of it.
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  await t.database.db('audit_log').insert(
    Array.from({ length: 120 }, (_, i) => ({
      at: at(i),
      actor_email: 'owner@demo.test',
      action: 'POST /api/vessel/{id}/notes',
      target_type: 'vessel',
      vessel_id: seaBreezeId,
      outcome: 200,
    })),
  );
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  camera?.close();
});

/** Nothing wider than the screen: no sideways scrolling at a phone's width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each(['light', 'dark'] as const)('vessel areas at 360 px, %s theme', (theme) => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await openPage(browser, { width: PHONE, height: 780, colorScheme: theme }));
    await page.goto(baseUrl + '/');
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
  });

  it('shows the camera snapshot fetched through the server', async () => {
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/cameras`);
    await page.getByRole('img', { name: 'Snapshot of Deck' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('img[alt="Snapshot of Deck"]') as HTMLImageElement | null)?.naturalWidth === 1);
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'Add camera' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Stream address (MJPEG)').waitFor();
    await page.keyboard.press('Escape');
    await page.getByLabel('Stream address (MJPEG)').waitFor({ state: 'detached' });
    // Typed input is not thrown away without asking.
    await page.getByRole('button', { name: 'Add camera' }).click();
    await page.getByLabel('Name').fill('Mast');
    await page.keyboard.press('Escape');
    await page.getByText('You have made changes that will not be saved if you close the modal.').waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    expect(await page.getByLabel('Name').inputValue()).toBe('Mast');
    // Cancel is the person's own choice to drop it.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Stream address (MJPEG)').waitFor({ state: 'detached' });
  });

  it('pages the audit log: a page of the newest records, older ones on request', async () => {
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/log`);
    const total = Number(
      await t.database
        .db('audit_log')
        .where({ vessel_id: seaBreezeId })
        .count({ n: '*' })
        .first()
        .then((row) => row?.n),
    );
    await page.getByText(`50 of ${total} records, newest first.`).waitFor();
    await page.getByRole('button', { name: 'Show older records' }).click();
    await page.getByText(`100 of ${total} records, newest first.`).waitFor();
    expect(await page.locator('.audit-log__entry').count()).toBe(100);
    expect(await fitsWidth(page)).toBe(true);
  });

  it('adds an interface from the settings and shows its token once', async () => {
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/settings`);
    await page.getByRole('heading', { name: 'Reporting' }).waitFor();
    await page.getByLabel('New interface').fill(`Tracker ${theme}`);
    await page.getByLabel('New interface').press('Enter');
    const token = await page.getByTestId('interface-token').textContent();
    expect(token).toMatch(/^\S{32,}$/);
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'I have noted it' }).click();
    await page.locator('.interface__name', { hasText: `Tracker ${theme}` }).waitFor();
  });

  it('downloads the track as GPX from the Location tab', async () => {
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/location`);
    const link = page.getByRole('link', { name: 'Download GPX' });
    await link.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^sea-breeze-\d{4}-\d\d-\d\d\.gpx$/);
    // The browser is the suite's shared one (a remote connection): the file is read as a stream.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toContain('<gpx version="1.1"');
  });
});

describe('notes, the template vessel area', () => {
  it('offers the crew Delete on their own notes only; the owner on every note', async () => {
    const ownerToken = await t.login('owner@demo.test');
    await t.call('POST', `/api/vessel/${seaBreezeId}/notes`, { token: ownerToken, payload: { messageText: 'Antifouling booked for March' } });
    const { page, context } = await openPage(browser, { width: PHONE, height: 780 });
    try {
      await page.goto(baseUrl + '/');
      await signIn(page, baseUrl, 'crew@demo.test', DEMO_PASSWORD);
      await page.waitForURL(/\/dashboard/);
      await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/notes`);
      const ownersNote = page.locator('li', { hasText: 'Antifouling booked for March' });
      await ownersNote.getByText('Olivia Owner', { exact: false }).waitFor();
      expect(await ownersNote.getByRole('button', { name: /Delete/ }).count()).toBe(0);
      await page.getByLabel('New note').fill('Fuel filter spare is in the lazarette');
      await page.getByRole('button', { name: 'Add note' }).click();
      const ownNote = page.locator('li', { hasText: 'Fuel filter spare is in the lazarette' });
      await ownNote.getByRole('button', { name: /Delete/ }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
