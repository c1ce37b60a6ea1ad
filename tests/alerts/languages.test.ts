/**
 * Alarms in the recipient's language (docs/i18n.md): an alarm raised on a real bridge reaches
 * the owner, whose profile language is Italian, by e-mail and by push in Italian, with the time
 * it was raised written the Italian way in their time zone; the crew member, who chose German,
 * reads German; a language the administrators list but the product has no catalogue for
 * (Spanish) reads English, as does a profile without a language.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../contracts/alerts.js';
import type { AlarmDelivery } from '../../src/modules/notifications/delivery/delivery.js';
import { listOutbox } from '../../src/platform/mail.js';
import { PushEndpoint } from '../helpers/push-endpoint.js';
import type { TestServer } from '../helpers/server.js';
import { delta, eventually, type TestBridge } from '../mqtt/helpers.js';
import { seaBreezeOnline } from '../helpers/sea-breeze.js';

let t: TestServer;
let owner: string;
let crew: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let delivery: AlarmDelivery;
const endpoint = new PushEndpoint();

const edit = (token: string, payload: object) => t.call('POST', '/api/profile/edit', { token, payload });
const raise = (path: string, state: string, message: string) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path, value: { state, message } }]), { qos: 1 });
const mailTo = async (to: string, subject: RegExp) => (await listOutbox(t.database.db, 200)).filter((mail) => mail.to === to && subject.test(mail.subject));

beforeAll(async () => {
  await endpoint.start();
  ({ t, owner, crew, bridge, client } = await seaBreezeOnline('BR-LANGUAGES'));
  ({ delivery } = t.server.plugins.notifications);
  expect((await edit(owner, { languageCode: 'it', preferences: { timeZone: 'Europe/Rome' } })).status).toBe(200);
  expect((await edit(crew, { languageCode: 'de', preferences: { timeZone: 'Europe/Berlin' } })).status).toBe(200);
  const phone = endpoint.subscription();
  const res = await t.call('POST', '/api/profile/pushSubscriptions', { token: owner, payload: { ...phone, expirationTime: null, label: 'iPhone' } });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await client?.endAsync();
  await t?.close();
  await endpoint.close();
});

describe('an alarm in the recipient’s language', () => {
  it('reaches an Italian owner by push in Italian, with the buttons in Italian', async () => {
    await raise('notifications.bilge.high', 'alarm', 'Bilge water high');
    const [received] = await endpoint.waitFor(1);
    const message = received.message as PushMessage;
    expect(message.title).toBe('Sea Breeze: allarme — Bilge water high');
    expect(message.body).toMatch(
      /^Allarme a bordo di Sea Breeze:\nBilge water high\n\nPercorso: notifications\.bilge\.high\nScattato: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (CET|CEST|GMT\+\d)$/,
    );
    expect(message.actions).toEqual({ acknowledge: 'Conferma', open: 'Apri' });
  });

  it('reaches the Italian owner by e-mail in Italian, the German crew in German', async () => {
    await delivery.idle();
    const [italian] = await mailTo('owner@demo.test', /Bilge water high/);
    expect(italian.subject).toBe('Sea Breeze: allarme — Bilge water high');
    expect(italian.text).toContain('Allarme a bordo di Sea Breeze:\nBilge water high');
    expect(italian.text).toMatch(/Apri Vessel Link: http/);
    const [german] = await mailTo('crew@demo.test', /Bilge water high/);
    expect(german.subject).toBe('Sea Breeze: Alarm — Bilge water high');
    expect(german.text).toContain('Alarm auf Sea Breeze:\nBilge water high');
    expect(german.text).toMatch(/Ausgelöst: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} (MEZ|MESZ)/);
    expect(german.text).toMatch(/Vessel Link öffnen: http/);
  });

  it('words the server’s own alarms (a warning level) in the reader’s language and numbers; the API keeps the English and says which sentence it is, with the values measured', async () => {
    const VOLTAGE = 'electrical.batteries.house.voltage';
    const send = (value: number) => client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: VOLTAGE, value }]), { qos: 1 });
    await send(12.6);
    const propertyId = await eventually(
      async () => (await t.database.db('device_properties').where({ bridge_id: bridge.id, path: VOLTAGE }).first())?.id as number | undefined,
      'the voltage property',
    );
    expect((await t.call('POST', '/api/devices/setPropertyWarningLevels', { token: owner, payload: { propertyId, lowCritical: 11.8 } })).status).toBe(200);
    await send(11.2);
    await delivery.idle();
    const [italian] = await eventually(async () => {
      await delivery.idle();
      const mails = await mailTo('owner@demo.test', /soglia critica bassa/);
      return mails.length ? mails : undefined;
    }, 'the Italian level alarm e-mail');
    // The numbers in the reader's locale: a decimal comma in Italian and German.
    expect(italian.subject).toMatch(/^Sea Breeze: allarme — .*è sotto la soglia critica bassa di 11,80 V \(11,20 V\)$/);
    const [german] = await mailTo('crew@demo.test', /unteren kritischen Grenze/);
    expect(german.text).toMatch(/liegt unter der unteren kritischen Grenze von 11,80 V \(11,20 V\)/);
    const active = (await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token: owner })).body.data as Array<Record<string, unknown>>;
    const level = active.find((alert) => alert.origin === 'level');
    expect(level).toMatchObject({
      message: expect.stringMatching(/is below its low critical level of 11\.80 V \(11\.20 V\)$/),
      messageWords: { key: 'levelLowCritical', params: { level: '11.80 V', value: '11.20 V', levelSi: 11.8, valueSi: 11.2, units: 'V', path: VOLTAGE } },
    });
  });

  it('writes English for a listed language without a catalogue, and for no language at all', async () => {
    expect((await edit(owner, { languageCode: 'es' })).status).toBe(200);
    expect((await edit(crew, { languageCode: null })).status).toBe(200);
    await raise('notifications.fire.engine', 'emergency', 'Fire in the engine room');
    await delivery.idle();
    for (const to of ['owner@demo.test', 'crew@demo.test']) {
      const [mail] = await mailTo(to, /Fire in the engine room/);
      expect(mail.subject).toBe('Sea Breeze: emergency — Fire in the engine room');
      expect(mail.text).toContain('Emergency on Sea Breeze:');
      expect(mail.text).toMatch(/Open Vessel Link: http/);
    }
  });
});
