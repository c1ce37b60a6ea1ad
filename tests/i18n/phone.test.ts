/**
 * Texts and calls in the recipient's language (docs/i18n.md, "The server's words"): a real
 * server with a real bridge, the SMS provider played by the local stand-in
 * (simulator/sms-standin.ts). The owner, whose profile is Italian, gets the verification code,
 * the alarm's text, the answers to her replies and the voice call in Italian, the call in an
 * Italian voice; once she switches to French, the call and the text are French. The keyword to
 * reply is ACK in every language.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerClock } from '../../src/platform/clock.js';
import { type SmsStandin, startSmsStandin } from '../../simulator/sms-standin.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, pairedBridge, type TestBridge } from '../mqtt/helpers.js';
import { alarmSteps } from '../alerts/notices.js';

const SID = 'ACtest0123456789';
const TOKEN = 'test-auth-token-0123456789abcdef';
const PHONE = '+393331234567';

let t: TestServer;
let standin: SmsStandin;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let clock: ServerClock;

beforeAll(async () => {
  standin = await startSmsStandin({ accountSid: SID, authToken: TOKEN, serverUrl: 'http://127.0.0.1:1' });
  t = await createTestServer({
    demo: true,
    listen: true,
    env: { SMS_PROVIDER_URL: standin.url, SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: '+15005550006' },
  });
  standin.setServer(t.server.info.uri);
  const admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-PHONE-I18N');
  client = await connectBridge(t, bridge);
  clock = t.server.app.ctx.clock;
  clock.set(Date.parse('2026-12-14T10:00:00.000Z'));
  expect((await t.call('POST', '/api/profile/edit', { token: owner, payload: { languageCode: 'it', preferences: { timeZone: 'Europe/Rome' } } })).status).toBe(
    200,
  );
});
afterAll(async () => {
  clock?.reset();
  await client?.endAsync();
  await t?.close();
  await standin?.close();
});

const { raise, later } = alarmSteps(() => ({ t, client, serial: bridge.serial, clock }));
const alertIdOf = async (path: string) =>
  ((await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token: owner })).body.data as Array<{ id: number; path: string }>).find(
    (a) => a.path === `notifications.${path}`,
  )!.id;
const followUp = async (how: 'sms' | 'voice') =>
  expect((await t.call('PUT', '/api/profile/phone', { token: owner, payload: { followUp: how } })).status).toBe(200);
/** The next text the stand-in receives, once the follow-up's minute has passed. */
const nextText = async () => {
  const before = standin.messages.length;
  await later(60_000);
  return (await standin.waitForMessages(before + 1))[before];
};
const nextCall = async () => {
  const before = standin.calls.length;
  await later(60_000);
  expect(standin.calls).toHaveLength(before + 1);
  return standin.calls[before];
};

describe('texts and calls in the recipient’s language', () => {
  it('texts the verification code in Italian', async () => {
    expect((await t.call('POST', '/api/profile/phone', { token: owner, payload: { number: PHONE } })).status).toBe(200);
    const [text] = await standin.waitForMessages(1);
    expect(text.body).toMatch(/^Il tuo codice Vessel Link è \d{6}\. Scade tra 10 minuti\.$/);
    const code = /\d{6}/.exec(text.body)![0];
    expect((await t.call('POST', '/api/profile/phone/verify', { token: owner, payload: { code } })).body.data).toMatchObject({ number: PHONE });
  });

  it('texts an Italian owner the alarm in the e-mail’s Italian words, telling her to reply ACK, and answers her replies in Italian', async () => {
    await raise('bilge.high', 'alarm', 'Bilge water high');
    const alertId = await alertIdOf('bilge.high');
    const sms = await nextText();
    expect(sms.to).toBe(PHONE);
    // The follow-up of an alarm nobody acknowledged says so, as the e-mail does.
    expect(sms.body).toBe(`Sea Breeze: allarme — Bilge water high (ancora non confermato)\nRispondi ACK per confermare (oppure ACK ${alertId}).`);

    expect((await standin.reply(PHONE, 'ciao')).body).toContain('<Message>Rispondi ACK per confermare l&apos;ultimo allarme');
    expect((await standin.reply(PHONE, 'ACK')).body).toContain(`<Message>Allarme ${alertId} confermato: Bilge water high</Message>`);
    expect((await standin.reply(PHONE, 'ACK')).body).toContain('<Message>Nessun allarme che ti è stato inviato attende una conferma.</Message>');
    expect((await standin.reply(PHONE, `ACK ${alertId}`)).body).toContain(`<Message>L&apos;allarme ${alertId} era già stato confermato.</Message>`);
  });

  it('calls her in an Italian voice, in Italian, and the key 1 acknowledges', async () => {
    await followUp('voice');
    await raise('shore.power', 'emergency', 'Shore power lost');
    const call = await nextCall();
    const italian = '<Say language="it-IT" voice="Polly.Carla">';
    expect(call.twiml).toContain(
      `${italian}Vessel Link. Sea Breeze: emergenza — Shore power lost (ancora non confermato).</Say>${italian}Premi 1 per confermare l&apos;allarme.</Say></Gather>`,
    );
    expect(call.twiml).toMatch(new RegExp(`</Gather>${italian}L&apos;allarme non è stato confermato. Arrivederci.</Say></Response>$`));
    expect(call.says).toEqual([
      'Vessel Link. Sea Breeze: emergenza — Shore power lost (ancora non confermato).',
      "Premi 1 per confermare l'allarme.",
      "L'allarme non è stato confermato. Arrivederci.",
    ]);
    expect((await standin.press(call.sid, '1')).body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response>${italian}L&apos;allarme è confermato. Grazie. Arrivederci.</Say></Response>`,
    );
  });

  it('calls and texts her in French once she reads French', async () => {
    expect((await t.call('POST', '/api/profile/edit', { token: owner, payload: { languageCode: 'fr' } })).status).toBe(200);
    await raise('fire.engine', 'emergency', 'Fire in the engine room');
    const call = await nextCall();
    const french = '<Say language="fr-FR" voice="Polly.Celine">';
    expect(call.twiml).toContain(
      `${french}Vessel Link. Sea Breeze : urgence — Fire in the engine room (toujours non acquittée).</Say>${french}Appuyez sur 1 pour acquitter l’alarme.</Say>`,
    );
    expect(call.twiml).not.toContain('it-IT');
    expect((await standin.press(call.sid, '2')).body).toContain(`${french}L’alarme n’a pas été acquittée. Au revoir.</Say>`);
    expect((await standin.press(call.sid, '1')).body).toContain(`${french}L’alarme est acquittée. Merci. Au revoir.</Say>`);

    await followUp('sms');
    await raise('bilge.aft', 'alarm', 'Aft bilge water high');
    const alertId = await alertIdOf('bilge.aft');
    const sms = await nextText();
    expect(sms.body).toBe(`Sea Breeze : alarme — Aft bilge water high (toujours non acquittée)\nRépondez ACK pour acquitter (ou ACK ${alertId}).`);
    expect((await standin.reply(PHONE, `ack ${alertId}`)).body).toContain(`<Message>Alarme ${alertId} acquittée : Aft bilge water high</Message>`);
  });
});
