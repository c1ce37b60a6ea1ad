/**
 * Languages in a real browser (docs/i18n.md): before sign-in the browser's language picks the
 * app's (a French browser sees the public pages in French, the legal texts in English with a
 * note saying so); signed in, the profile's language
 * drives it: an owner whose profile says Italian sees the fleet, the vessel's tabs and the alarm
 * banner of an alarm raised on a real bridge in Italian, with dates written the Italian way, and
 * gets the alarm's e-mail and push in Italian;
 * choosing German on the profile screen switches the app at once, dates included; a language the
 * administrators list without a catalogue (Español) leaves the app in English, and the profile
 * screen says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { MqttClient } from 'mqtt';
import type { PushMessage } from '../../contracts/alerts.js';
import { listOutbox } from '../../src/platform/mail.js';
import { PushEndpoint } from '../helpers/push-endpoint.js';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, pairedBridge, type TestBridge } from '../mqtt/helpers.js';
import { ensureWebBuild, launchBrowser, openPage, signIn, type TestPage } from './browser.js';

let t: TestServer;
let browser: Browser;
let baseUrl: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let tab: TestPage;
/** The owner's phone, as the push service sees it. */
const phone = new PushEndpoint();

beforeAll(async () => {
  await ensureWebBuild();
  t = await createTestServer({ demo: true, listen: true });
  baseUrl = `http://127.0.0.1:${t.server.info.port}`;
  const admin = await t.login('admin@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze');
  client = await connectBridge(t, bridge);
  const owner = await t.login('owner@demo.test');
  expect((await t.call('POST', '/api/profile/edit', { token: owner, payload: { languageCode: 'it', preferences: { timeZone: 'Europe/Rome' } } })).status).toBe(
    200,
  );
  await phone.start();
  const subscribed = await t.call('POST', '/api/profile/pushSubscriptions', {
    token: owner,
    payload: { ...phone.subscription(), expirationTime: null, label: 'iPhone' },
  });
  expect(subscribed.status).toBe(201);
  await client.publishAsync(
    `bridges/${bridge.serial}/delta`,
    delta([{ path: 'notifications.bilge.high', value: { state: 'alarm', message: 'Bilge water high' } }]),
    {
      qos: 1,
    },
  );
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await client?.endAsync();
  await browser?.close();
  await t?.close();
  await phone.close();
});

const lang = (page: TestPage['page']) => page.evaluate(() => document.documentElement.lang);

describe('languages in the browser', () => {
  it("speaks the browser's language before sign-in", async () => {
    const french = await openPage(browser, { locale: 'fr-FR', width: 390, height: 844 });
    try {
      await french.page.goto(`${baseUrl}/mobile-app`);
      const site = french.page.getByRole('navigation', { name: 'Site' });
      await site.getByRole('link', { name: 'Application mobile' }).waitFor();
      await french.page.getByRole('link', { name: 'Politique de confidentialité' }).waitFor();
      expect(await lang(french.page)).toBe('fr');
      // The legal texts stay the legal seed's English, and say so in French.
      await french.page.goto(`${baseUrl}/terms/PRIVACY-POLICY`);
      await french.page.getByTestId('legal-english-only').getByText("Ce texte n'existe qu'en anglais", { exact: false }).waitFor();
      expect(french.pageErrors).toEqual([]);
    } finally {
      await french.context.close();
    }
  });

  it('shows an Italian owner the fleet and its alarm in Italian', async () => {
    tab = await openPage(browser, { width: 390, height: 844 });
    const { page } = tab;
    await signIn(page, baseUrl, 'owner@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Flotta', level: 1 }).waitFor();
    expect(await lang(page)).toBe('it');
    await page.getByText(/^\d+ imbarcazion[ei] · \d+ online · \d+ allarm[ei] attiv[oi]$/).waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sea Breeze' }) });
    await card.getByRole('alert').getByText('Allarme: Bilge water high').waitFor();
    await card.getByRole('link', { name: 'Apri gli allarmi' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('complementary', { name: 'Navigazione principale' }).getByRole('link', { name: 'Flotta' }).waitFor();
  });

  it("shows the vessel's tabs, alarm banner and dates in Italian", async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard/vessels/${bridge.vesselId}/overview`);
    const sections = page.getByRole('navigation', { name: "Sezioni dell'imbarcazione" });
    for (const name of ['Panoramica', 'Dispositivi', 'Allarmi', 'Posizione', 'Impostazioni']) await sections.getByRole('link', { name }).waitFor();
    const banner = page.getByTestId('alarm-banner');
    await banner.getByText('Allarme: Bilge water high').waitFor();
    await banner.getByRole('button', { name: 'Conferma' }).waitFor();
    await page.getByRole('heading', { name: 'Stato' }).waitFor();
    // Last seen, in the Italian way: day/month/year, a 24-hour clock, the zone's Italian short name.
    const lastSeen = page.locator('dt', { hasText: 'Ultimo contatto' }).locator('xpath=following-sibling::dd');
    await expect.poll(() => lastSeen.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} /);
    await page
      .getByTestId('live-data')
      .filter({ hasText: /In diretta|In attesa dei valori|Ancora nessun dato/ })
      .waitFor();
    expect(tab.pageErrors).toEqual([]);
  });

  it('sends the Italian owner the alarm by e-mail and push in Italian, with the time written the Italian way', async () => {
    const [pushed] = await phone.waitFor(1);
    const push = pushed.message as PushMessage;
    expect(push.title).toBe('Sea Breeze: allarme — Bilge water high');
    expect(push.body).toMatch(
      /^Allarme a bordo di Sea Breeze:\nBilge water high\n\nPercorso: notifications\.bilge\.high\nScattato: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} /,
    );
    expect(push.actions).toEqual({ acknowledge: 'Conferma', open: 'Apri' });
    await t.server.plugins.notifications.delivery.idle();
    const [mail] = (await listOutbox(t.database.db, 200)).filter((m) => m.to === 'owner@demo.test' && /Bilge water high/.test(m.subject));
    expect(mail.subject).toBe('Sea Breeze: allarme — Bilge water high');
    expect(mail.text).toContain('Allarme a bordo di Sea Breeze:\nBilge water high');
    expect(mail.text).toMatch(/Scattato: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (CET|CEST)/);
    expect(mail.text).toMatch(/Apri Vessel Link: http/);
  });

  it('switches at once when the profile’s language changes, dates included', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard/profile`);
    // The profile speaks Italian until the choice is saved.
    await page.getByLabel('Lingua').selectOption({ label: 'Deutsch' });
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect.poll(() => lang(page)).toBe('de');
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('complementary', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Flotte' }).click();
    await page.getByRole('heading', { name: 'Flotte', level: 1 }).waitFor();
    await page.goto(`${baseUrl}/dashboard/vessels/${bridge.vesselId}/overview`);
    await page.getByRole('navigation', { name: 'Bereiche des Schiffs' }).getByRole('link', { name: 'Übersicht' }).waitFor();
    await page.getByTestId('alarm-banner').getByRole('button', { name: 'Quittieren' }).waitFor();
    const lastSeen = page.locator('dt', { hasText: 'Zuletzt gesehen' }).locator('xpath=following-sibling::dd');
    await expect.poll(() => lastSeen.textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2} /);
  });

  it('stays in English for a listed language without a catalogue, and says so', async () => {
    const { page } = tab;
    await page.goto(`${baseUrl}/dashboard/profile`);
    await page.getByLabel('Sprache').selectOption({ label: 'Español' });
    // Said in the language the app speaks until the choice is saved, then in English.
    await page.getByTestId('untranslated-language').getByText('Vessel Link ist noch nicht auf Español übersetzt', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => lang(page)).toBe('en');
    await page.getByTestId('untranslated-language').getByText('Vessel Link is not translated into Español yet', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name: 'Fleet' }).waitFor();
    expect(tab.pageErrors).toEqual([]);
  });
});
