/**
 * Every e-mail in the recipient's language (docs/i18n.md): a password reset, a vessel invitation
 * and the message digest reach the crew member, whose profile is Italian, in Italian, and the
 * second owner, who chose German, in German; the owner, in English, reads what was always sent.
 * An address with no account yet is invited in the inviter's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_DELAY_MS } from '../../src/modules/messaging/digest.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let blueHorizon: number;
let northernStar: number;

const lastMailTo = async (to: string) =>
  (await t.database.db('mail_outbox').where({ to_address: to }).orderBy('id', 'desc').first()) as { subject: string; body: string } | undefined;
const boundary = 'i18nboundary';
/** Posts a message as the app does (multipart, like a message with attachments). */
const post = (who: string, threadId: number, text: string) =>
  t.call('POST', '/api/messages', {
    token: tokens[who],
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: [
      ['threadId', String(threadId)],
      ['text', text],
    ]
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .concat(`--${boundary}--\r\n`)
      .join(''),
  });
const edit = (who: string, payload: object) => t.call('POST', '/api/profile/edit', { token: tokens[who], payload });

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'owner2', 'crew', 'dealer']) {
    tokens[who] = await t.login(`${who}@demo.test`);
    ids[who] = (await t.call('GET', '/api/profile/details', { token: tokens[who] })).body.data.id;
  }
  expect((await edit('crew', { languageCode: 'it', preferences: { timeZone: 'Europe/Rome' } })).status).toBe(200);
  expect((await edit('owner2', { languageCode: 'de', preferences: { timeZone: 'Europe/Berlin' } })).status).toBe(200);
  expect((await edit('owner', { languageCode: 'en' })).status).toBe(200);
  const vessels = async (who: string) => (await t.call('GET', '/api/vessel/basic', { token: tokens[who] })).body.data as Array<{ id: number; name: string }>;
  blueHorizon = (await vessels('owner')).find((v) => v.name === 'Blue Horizon')!.id;
  northernStar = (await vessels('owner2')).find((v) => v.name === 'Northern Star')!.id;
});
afterAll(() => t?.close());

describe('the password reset', () => {
  it('is written in Italian, German or English, as the profile says', async () => {
    for (const [i, who] of ['crew', 'owner2', 'owner'].entries()) {
      const res = await t.call('POST', `/api/register/forgottenPassword?email=${who}@demo.test`, { remoteAddress: `203.0.113.${i + 1}` });
      expect(res.status).toBeLessThan(300);
    }
    const italian = await lastMailTo('crew@demo.test');
    expect(italian?.subject).toBe('Vessel Link: reimposta la password');
    expect(italian?.body).toMatch(
      /^È stata richiesta la reimpostazione della password del tuo account Vessel Link\.\nScegli una nuova password qui \(valido 1 ora, una sola volta\):\nhttp\S+\/password-reset\?token=\S+\nSe non l'hai chiesto tu, ignora questo messaggio\.$/,
    );
    const german = await lastMailTo('owner2@demo.test');
    expect(german?.subject).toBe('Vessel Link: Passwort zurücksetzen');
    expect(german?.body).toContain('Legen Sie hier ein neues Passwort fest (1 Stunde gültig, einmalig):');
    const english = await lastMailTo('owner@demo.test');
    expect(english?.subject).toBe('Vessel Link: reset your password');
    expect(english?.body).toMatch(
      /^A password reset was requested for your Vessel Link account\.\nSet a new password here \(valid for 1 hour, once\):\nhttp\S+\nIf you did not ask for this, ignore this message\.$/,
    );
  });
});

describe('the vessel invitation', () => {
  it('reaches people with an account in their own language', async () => {
    for (const email of ['crew@demo.test', 'owner2@demo.test', 'dealer@demo.test']) {
      const res = await t.call('POST', `/api/vessel/${blueHorizon}/addUser?email=${email}`, { token: tokens.owner });
      expect(res.status, email).toBeLessThan(300);
    }
    const italian = await lastMailTo('crew@demo.test');
    expect(italian?.subject).toBe("Sei invitato sull'imbarcazione Blue Horizon su Vessel Link");
    expect(italian?.body).toMatch(
      /^owner@demo\.test ti ha invitato sull'imbarcazione Blue Horizon\. Apri Vessel Link per accettare l'invito\.\n\nAccedi su http\S+\/$/,
    );
    const german = await lastMailTo('owner2@demo.test');
    expect(german?.subject).toBe('Sie sind auf das Schiff Blue Horizon bei Vessel Link eingeladen');
    expect(german?.body).toContain('owner@demo.test hat Sie auf das Schiff Blue Horizon eingeladen. Öffnen Sie Vessel Link, um die Einladung anzunehmen.');
    expect(german?.body).toMatch(/Melden Sie sich an unter http/);
    const english = await lastMailTo('dealer@demo.test');
    expect(english?.subject).toBe('You are invited to the vessel Blue Horizon on Vessel Link');
    expect(english?.body).toMatch(
      /^owner@demo\.test has invited you to the vessel Blue Horizon\. Open Vessel Link to accept the invitation\.\n\nSign in at http\S+\/$/,
    );
  });

  it('reaches an address with no account in the inviter’s language, which the new account keeps', async () => {
    expect((await t.call('POST', `/api/vessel/${northernStar}/addUser?email=matrose@example.com`, { token: tokens.owner2 })).status).toBeLessThan(300);
    const german = await lastMailTo('matrose@example.com');
    expect(german?.subject).toBe('Sie sind auf das Schiff Northern Star bei Vessel Link eingeladen');
    expect(german?.body).toContain('Wählen Sie Ihr Passwort, um Ihr Konto zu aktivieren (7 Tage gültig):\nhttp');
    expect((await t.database.db('users').where({ email: 'matrose@example.com' }).first('language_code')).language_code).toBe('de');

    expect((await t.call('POST', `/api/vessel/${blueHorizon}/addUser?email=deckhand@example.com`, { token: tokens.owner })).status).toBeLessThan(300);
    const english = await lastMailTo('deckhand@example.com');
    expect(english?.subject).toBe('You are invited to the vessel Blue Horizon on Vessel Link');
    expect(english?.body).toContain('Choose your password to activate your account (valid for 7 days):\nhttp');
  });
});

describe('the message digest', () => {
  it('counts the unread messages in Italian, German and English', async () => {
    const clock = t.server.app.ctx.clock;
    const start = Date.now();
    clock.set(start);
    // The dealer writes to the crew and the owner; the owner to the second owner, invited to Blue Horizon and not yet aboard.
    for (const [from, to] of [
      ['dealer', 'crew'],
      ['dealer', 'owner'],
      ['owner', 'owner2'],
    ]) {
      const created = await t.call('POST', '/api/messages/threads', { token: tokens[from], payload: { userIds: [ids[to]], name: 'Antifouling' } });
      expect(created.status, `${from} to ${to}`).toBe(200);
      for (const text of ['Quote attached', 'When can we haul out?']) expect((await post(from, created.body.data.id, text)).status).toBe(200);
    }
    clock.set(start + DIGEST_DELAY_MS + 1000);
    expect(await t.server.plugins.messaging.digest.sweep()).toBeGreaterThanOrEqual(3);

    const italian = await lastMailTo('crew@demo.test');
    expect(italian?.subject).toBe('Vessel Link: 2 messaggi non letti');
    expect(italian?.body).toContain('Hai messaggi non letti:\n\n- Antifouling: 2 nuovi messaggi');
    expect(italian?.body).toMatch(/Leggili e rispondi su http\S+\/dashboard\/messages\./);
    const german = await lastMailTo('owner2@demo.test');
    expect(german?.subject).toBe('Vessel Link: 2 ungelesene Nachrichten');
    expect(german?.body).toContain(
      'Sie haben ungelesene Nachrichten:\n\n- Antifouling (zu Blue Horizon): 2 neue Nachrichten, wartet darauf, dass Sie die Einladung annehmen\n\nSie sind auf Blue Horizon eingeladen: Nehmen Sie die Einladung unter http',
    );
    const english = await lastMailTo('owner@demo.test');
    expect(english?.subject).toBe('Vessel Link: 2 unread messages');
    expect(english?.body).toMatch(
      /^You have unread messages:\n\n- Antifouling: 2 new messages\n\nRead and answer them at http\S+\/dashboard\/messages\. Mute a thread to stop these e-mails about it\.$/,
    );
  });
});
