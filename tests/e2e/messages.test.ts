/**
 * Messages between an owner and their dealer in two browsers (issue 14's "done when"): the owner
 * starts a thread about Sea Breeze from the vessel page with a photo attached; the dealer, signed
 * in elsewhere, sees the unread badge arrive on the live stream, opens the thread, sees the photo
 * and replies; the owner sees the reply without reloading. At phone width the list and the thread
 * take turns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let owner: TestPage;
let dealer: TestPage;
let seaBreezeId: number;

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

/** A sent message's text (not the composer that may still hold it). */
const messageIn = (page: Page, text: string) => page.locator('.message__text', { hasText: text });

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const token = await t.login('owner@demo.test');
  seaBreezeId = (await t.call('GET', '/api/vessel/basic', { token })).body.data.find((v: { name: string }) => v.name === 'Sea Breeze').id;
  browser = await launchBrowser();
  owner = await openPage(browser);
  dealer = await openPage(browser, { width: 360, height: 740 });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('messages between an owner and the dealer', () => {
  it('the owner starts a thread about Sea Breeze with the dealer, with a photo', async () => {
    await signIn(dealer.page, baseUrl, 'dealer@demo.test', DEMO_PASSWORD);
    await dealer.page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    const { page } = owner;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/overview`);
    await page.getByRole('link', { name: 'Message the dealer' }).click();
    const form = page.getByRole('dialog', { name: 'New thread' });
    await form.getByLabel('Name (optional)').fill('Port engine');
    expect(await form.getByLabel('About a vessel (optional)').inputValue()).toBe(String(seaBreezeId));
    expect(await form.getByRole('checkbox', { name: /Dana Dealer/ }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Start the thread' }).click();
    await page.getByRole('heading', { name: 'Port engine', level: 2 }).waitFor();

    await page.locator('#composer-files').setInputFiles({ name: 'engine.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Message', { exact: true }).fill('The port engine smokes at idle');
    await page.getByRole('button', { name: 'Send' }).click();
    await messageIn(page, 'The port engine smokes at idle').waitFor();
    await page.getByRole('img', { name: 'engine.png' }).waitFor();
  });

  it('the dealer sees the unread badge without reloading, opens the thread and replies', async () => {
    const { page } = dealer;
    // On the vessel's own page the dealer is offered the owner, never themselves.
    await page.goto(`${baseUrl}/dashboard/vessels/${seaBreezeId}/overview`);
    await page.getByRole('link', { name: 'Message the owner' }).waitFor();
    expect(await page.getByRole('link', { name: 'Message the dealer' }).count()).toBe(0);
    await expect
      .poll(
        async () =>
          page
            .getByTestId('unread-messages')
            .textContent()
            .catch(() => null),
        { timeout: 10_000 },
      )
      .toBe('1');
    await page.getByRole('link', { name: 'Messages: 1 unread' }).click();
    await page.getByRole('button', { name: /Port engine/ }).click();
    await messageIn(page, 'The port engine smokes at idle').waitFor();
    await page.getByRole('img', { name: 'engine.png' }).waitFor();
    await expect.poll(async () => page.getByTestId('unread-messages').count()).toBe(0);
    await page.getByLabel('Message', { exact: true }).fill('I can come on Monday at nine');
    await page.getByRole('button', { name: 'Send' }).click();
    await messageIn(page, 'I can come on Monday at nine').waitFor();
    // At phone width the thread fills the screen, and nothing scrolls sideways.
    // At phone width the thread fills the screen and nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(dealer.pageErrors).toEqual([]);
  });

  it('the owner sees the reply and the read receipt without reloading', async () => {
    const { page } = owner;
    await messageIn(page, 'I can come on Monday at nine').waitFor({ timeout: 10_000 });
    await page.getByText(/Seen by/).waitFor();
    expect(owner.pageErrors).toEqual([]);
  });

  it('keeps one message stream per browser: a second tab follows the first one’s', async () => {
    const streams: string[] = [];
    owner.context.on('request', (request) => {
      if (request.url().includes('/api/messages/live')) streams.push(request.url());
    });
    const second = await owner.context.newPage();
    await second.goto(`${baseUrl}/dashboard/messages`);
    await second.getByRole('button', { name: /Port engine/ }).click();
    await messageIn(second, 'I can come on Monday at nine').waitFor();
    const token = await t.login('dealer@demo.test');
    const threadId = (await t.call('GET', '/api/messages/threads', { token })).body.data[0].id;
    await t.call('POST', '/api/messages', { token, payload: { threadId, text: 'Bring the spare impeller' } });
    await messageIn(second, 'Bring the spare impeller').waitFor({ timeout: 10_000 });
    await messageIn(owner.page, 'Bring the spare impeller').waitFor({ timeout: 10_000 });
    expect(streams).toEqual([]);
    await second.close();
  });
});

describe('a thread with someone invited who has not accepted', () => {
  it('the owner starts it about the vessel they are invited to; they read it once they accept', async () => {
    const token = await t.login('owner@demo.test');
    await t.call('POST', `/api/vessel/${seaBreezeId}/addUser?email=owner2@demo.test&name=${encodeURIComponent('Ann (skipper)')}`, { token });
    const { page } = owner;
    await page.goto(`${baseUrl}/dashboard/messages`);
    await page.getByRole('button', { name: 'New thread' }).click();
    const form = page.getByRole('dialog', { name: 'New thread' });
    await form.getByLabel('Name (optional)').fill('Welcome aboard');
    await form.getByRole('checkbox', { name: /Ann \(skipper\)/ }).check();
    expect(await form.getByText('Invited to Sea Breeze, not accepted yet').count()).toBe(1);
    expect(await form.getByLabel('About a vessel (optional)').inputValue()).toBe(String(seaBreezeId));
    await form.getByText('Ann (skipper) has not accepted the invitation to Sea Breeze yet').waitFor();
    await form.getByRole('button', { name: 'Start the thread' }).click();
    await page.getByRole('heading', { name: 'Welcome aboard', level: 2 }).waitFor();
    await page.getByText('Ann (skipper) (invited)').first().waitFor();
    await page.getByLabel('Message', { exact: true }).fill('We sail on Saturday at ten');
    await page.getByRole('button', { name: 'Send' }).click();
    await messageIn(page, 'We sail on Saturday at ten').waitFor();

    const ann = await openPage(browser);
    await signIn(ann.page, baseUrl, 'owner2@demo.test', DEMO_PASSWORD);
    const invitations = ann.page.getByRole('dialog', { name: 'Vessel invitations' });
    await invitations.getByRole('button', { name: 'Accept' }).click();
    await ann.page.getByText('Invitation accepted').waitFor();
    await ann.page.keyboard.press('Escape');
    await ann.page.getByRole('link', { name: 'Messages: 1 unread' }).click();
    await ann.page.getByRole('button', { name: /Welcome aboard/ }).click();
    await messageIn(ann.page, 'We sail on Saturday at ten').waitFor();
    expect(ann.pageErrors).toEqual([]);
    expect(owner.pageErrors).toEqual([]);
    await ann.context.close();
  });
});
