/**
 * The second channel (issue 47 item 2), as the people on a vessel meet it: a real server with a
 * real bridge, the SMS provider played by the local stand-in (simulator/sms-standin.ts) over
 * HTTP, and the server's one clock moved by the test. The owner verifies a phone number by the
 * code texted to it (a wrong code refused, too many rate limited); an alarm nobody acknowledges
 * reaches the owner by e-mail and push at once and by SMS after 60 s; a reply of ACK (signed as
 * the provider signs) acknowledges it as the owner and stops what was to follow, and one with a
 * bad signature is refused; the deliveries route shows the SMS step with its time. A ladder step
 * naming a voice call calls, and the key 1 acknowledges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmDeliveries } from '../../contracts/deliveries.js';
import type { PhoneSettings } from '../../contracts/phone.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import type { ServerClock } from '../../src/platform/clock.js';
import { type SmsStandin, startSmsStandin } from '../../simulator/sms-standin.js';
import { PushEndpoint } from '../helpers/push-endpoint.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import { alarmSteps } from './notices.js';
import type { MqttClient } from 'mqtt';

const SID = 'ACtest0123456789';
const TOKEN = 'test-auth-token-0123456789abcdef';
const OWNER_PHONE = '+447700900123';

let t: TestServer;
let standin: SmsStandin;
const endpoint = new PushEndpoint();
let owner: string;
let crew: string;
let owner2: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let clock: ServerClock;
const at = () => new Date(clock.now()).toISOString();

beforeAll(async () => {
  await endpoint.start();
  standin = await startSmsStandin({ accountSid: SID, authToken: TOKEN, serverUrl: 'http://127.0.0.1:1' });
  t = await createTestServer({
    demo: true,
    listen: true,
    env: { SMS_PROVIDER_URL: standin.url, SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: '+15005550006' },
  });
  standin.setServer(t.server.info.uri);
  const admin = await t.login('admin@demo.test');
  [owner, crew, owner2] = [await t.login('owner@demo.test'), await t.login('crew@demo.test'), await t.login('owner2@demo.test')];
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-SMS');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  clock = t.server.app.ctx.clock;
  clock.set(Date.parse('2026-12-14T10:00:00.000Z'));
});
afterAll(async () => {
  clock?.reset();
  await client?.endAsync();
  await t?.close();
  await standin?.close();
  await endpoint.close();
});

const { settle, raise, later } = alarmSteps(() => ({ t, client, serial: bridge.serial, clock }));
const alertOf = async (path: string) =>
  ((await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token: owner })).body.data as Array<{ id: number; path: string; status: string }>).find(
    (a) => a.path === `notifications.${path}`,
  )!;
const deliveries = async (alertId: number) => {
  const res = await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts/${alertId}/deliveries`, { token: owner });
  expect(res.status).toBe(200);
  return res.body.data as AlarmDeliveries;
};
const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)?.[1];
const textsTo = (number: string) => standin.messages.filter((m) => m.to === number);

describe('a phone number verified by a code', () => {
  it('refuses a number not in international form', async () => {
    const res = await t.call('POST', '/api/profile/phone', { token: owner, payload: { number: '07700 900123' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/international form/) });
  });

  it('texts a code, refuses a wrong one, and verifies the number with the right one', async () => {
    const added = await t.call('POST', '/api/profile/phone', { token: owner, payload: { number: '+44 7700 900123' } });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ available: true, number: null, pendingNumber: OWNER_PHONE, followUp: 'sms', followUpSeconds: 60 });
    const [text] = await standin.waitForMessages(1);
    expect(text).toMatchObject({ to: OWNER_PHONE, from: '+15005550006' });
    const code = codeIn(text.body)!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await t.call('POST', '/api/profile/phone/verify', { token: owner, payload: { code: wrong } });
    expect(refused.body).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/not the code/) });
    expect(((await t.call('GET', '/api/profile/phone', { token: owner })).body.data as PhoneSettings).number).toBeNull();
    const verified = await t.call('POST', '/api/profile/phone/verify', { token: owner, payload: { code } });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ number: OWNER_PHONE, pendingNumber: null });
    expect((await t.call('GET', '/api/profile/phone', { token: owner })).body.data).toMatchObject({ number: OWNER_PHONE });
  });

  it('rate limits wrong codes and codes sent', async () => {
    expect((await t.call('POST', '/api/profile/phone', { token: crew, payload: { number: '+447700900456' } })).status).toBe(200);
    const code = codeIn(textsTo('+447700900456')[0].body)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await t.call('POST', '/api/profile/phone/verify', { token: crew, payload: { code: wrong } })).status).toBe(400);
    const limited = await t.call('POST', '/api/profile/phone/verify', { token: crew, payload: { code } });
    expect(limited.body).toMatchObject({ ok: false, status: 429 });
    expect(limited.headers['retry-after']).toBeDefined();
    // Not even the right code gets through while the guesses are locked out.
    expect(((await t.call('GET', '/api/profile/phone', { token: crew })).body.data as PhoneSettings).number).toBeNull();

    for (let i = 0; i < 3; i++) expect((await t.call('POST', '/api/profile/phone', { token: owner2, payload: { number: '+447700900789' } })).status).toBe(200);
    expect((await t.call('POST', '/api/profile/phone', { token: owner2, payload: { number: '+447700900789' } })).body).toMatchObject({ status: 429 });
    expect(textsTo('+447700900789')).toHaveLength(3);
  });
});

describe('an alarm nobody acknowledges', () => {
  let alertId: number;

  it('reaches the owner by e-mail and push at once, and by SMS after 60 s', async () => {
    expect((await t.call('POST', '/api/profile/pushSubscriptions', { token: owner, payload: { ...endpoint.subscription(), label: 'Pixel 8' } })).status).toBe(
      201,
    );
    const before = standin.messages.length;
    const raisedAt = at();
    await raise('bilge.high', 'alarm', 'Bilge water high');
    alertId = (await alertOf('bilge.high')).id;
    await endpoint.waitFor(1);
    let d = await deliveries(alertId);
    const owners = () => d.deliveries.filter((x) => x.recipient.name === 'Olivia Owner').map((x) => `${x.channel} ${x.target} ${x.steps[0].at}`);
    expect(owners().sort()).toEqual([`email owner@demo.test ${raisedAt}`, `push Pixel 8 ${raisedAt}`]);

    await later(59_000);
    expect(standin.messages.length).toBe(before);
    await later(1_000);
    const [sms] = (await standin.waitForMessages(before + 1)).slice(before);
    expect(sms.to).toBe(OWNER_PHONE);
    expect(sms.body).toContain('Sea Breeze: alarm — Bilge water high');
    expect(sms.body).toContain(`Reply ACK to acknowledge (or ACK ${alertId})`);
    // Only once, and not to the crew, whose number is not verified.
    await later(5_000);
    expect(standin.messages.length).toBe(before + 1);

    d = await deliveries(alertId);
    const texted = d.deliveries.find((x) => x.channel === 'sms')!;
    expect(texted).toMatchObject({ recipient: { name: 'Olivia Owner' }, target: OWNER_PHONE, state: 'accepted' });
    expect(texted.steps).toEqual([
      { state: 'queued', at: '2026-12-14T10:01:00.000Z' },
      { state: 'sent', at: '2026-12-14T10:01:00.000Z' },
      { state: 'accepted', at: '2026-12-14T10:01:00.000Z' },
    ]);
    expect(texted.note).toMatch(/^The SMS provider took it: SM\w+ \(queued\)$/);
  });

  it('refuses a reply with a bad signature (403 in the envelope)', async () => {
    const forged = await standin.reply(OWNER_PHONE, 'ACK', { signature: 'bm90IGEgc2lnbmF0dXJl' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toMatchObject({ ok: false, status: 403, error: 'Forbidden' });
    const unsigned = await t.call('POST', '/api/notifications/sms/inbound', {
      payload: 'From=%2B447700900123&Body=ACK',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.body).toMatchObject({ ok: false, status: 403 });
    expect((await alertOf('bilge.high')).status).toBe('active-unacknowledged');
  });

  it('is acknowledged as the owner by an SMS reply, which stops what was to follow', async () => {
    await later(10_000);
    const answer = await standin.reply(OWNER_PHONE, ' ack ');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(`<Message>Acknowledged alarm ${alertId}: Bilge water high</Message>`);
    await settle();
    expect((await alertOf('bilge.high')).status).toBe('active-acknowledged');
    const d = await deliveries(alertId);
    expect(d.acknowledgement).toMatchObject({ at: at(), name: 'Olivia Owner', via: 'sms', device: OWNER_PHONE });
    expect(d.deliveries.find((x) => x.channel === 'sms')!.steps.map((s) => s.state)).toEqual(['queued', 'sent', 'accepted', 'acknowledged']);
    // A second reply finds nothing waiting; nothing more is texted.
    expect((await standin.reply(OWNER_PHONE, 'ACK')).body).toContain('No alarm texted to you is waiting');
    const texts = standin.messages.length;
    await later(5 * 60_000);
    expect(standin.messages.length).toBe(texts);
  });

  it('ignores a reply from a number nobody verified', async () => {
    const answer = await standin.reply('+447700900999', 'ACK');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('not verified');
  });
});

describe('a ladder step that calls', () => {
  it('keeps the channel of each step, and none for the usual ones', async () => {
    const steps = [
      { afterMinutes: 0, target: { kind: 'role', role: 'owner' } },
      { afterMinutes: 1, target: { kind: 'role', role: 'owner' }, channel: 'voice' },
    ];
    const put = await t.call('PUT', `/api/vessel/${bridge.vesselId}/escalation`, { token: owner, payload: { steps } });
    expect(put.status).toBe(200);
    expect(put.body.data.steps).toEqual(steps);
    expect(
      (await t.call('PUT', `/api/vessel/${bridge.vesselId}/escalation`, { token: owner, payload: { steps: [{ ...steps[0], channel: 'pigeon' }] } })).status,
    ).toBe(400);
    // The owner's own follow-up off: only the ladder reaches her phone.
    expect((await t.call('PUT', '/api/profile/phone', { token: owner, payload: { followUp: 'off' } })).body.data).toMatchObject({ followUp: 'off' });
  });

  it('calls the owner after a minute, and the key 1 acknowledges the alarm', async () => {
    await later(11 * 60_000);
    const texts = standin.messages.length;
    await raise('shore.power', 'emergency', 'Shore power lost');
    const alertId = (await alertOf('shore.power')).id;
    expect(standin.calls).toHaveLength(0);
    await later(60_000);
    expect(standin.calls).toHaveLength(1);
    const [call] = standin.calls;
    expect(call.to).toBe(OWNER_PHONE);
    expect(call.says.join(' ')).toContain('Shore power lost');
    expect(call.gatherUrl).toMatch(/\/api\/notifications\/voice\/gather\?key=/);
    expect(standin.messages.length).toBe(texts);

    expect((await standin.press(call.sid, '2')).body).toContain('not acknowledged');
    expect((await alertOf('shore.power')).status).toBe('active-unacknowledged');
    const answer = await standin.press(call.sid, '1');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('The alarm is acknowledged');
    await settle();
    const d = await deliveries(alertId);
    expect(d.acknowledgement).toMatchObject({ name: 'Olivia Owner', via: 'voice', device: OWNER_PHONE });
    expect(d.deliveries.find((x) => x.channel === 'voice')).toMatchObject({ target: OWNER_PHONE, state: 'acknowledged' });
  });
});

describe('SMS configuration', () => {
  it('is off by default, and all four settings or none', () => {
    const base = { NODE_ENV: 'test', DEMO: 'off', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: t.config.dataDir };
    expect(loadConfig(base).sms).toBeNull();
    expect(() => loadConfig({ ...base, SMS_PROVIDER_URL: 'http://127.0.0.1:8089' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SMS_PROVIDER_URL: 'http://127.0.0.1:8089' })).toThrow(/missing SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM/);
    expect(() => loadConfig({ ...base, SMS_PROVIDER_URL: 'http://x', SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: '0770' })).toThrow(/E\.164/);
    expect(loadConfig({ ...base, SMS_PROVIDER_URL: 'http://x/', SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: '+15005550006' }).sms).toEqual({
      providerUrl: 'http://x',
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
    });
  });
});
