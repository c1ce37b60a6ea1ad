/**
 * Alarms by e-mail: a warning level crossed through a real bridge reaches the owner and the
 * members who receive notifications; a silence that ends unacknowledged notifies again; a
 * flood of alarms is grouped into one e-mail with its count.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmDelivery } from '../../src/modules/notifications/delivery/delivery.js';
import type { AlertLifecycle } from '../../src/modules/alerts/lifecycle.js';
import { listOutbox } from '../../src/platform/mail.js';
import type { TestServer } from '../helpers/server.js';
import { delta, eventually, type TestBridge } from '../mqtt/helpers.js';
import { seaBreezeOnline } from '../helpers/sea-breeze.js';
import type { ServerClock } from '../../src/platform/clock.js';

const VOLTAGE = 'electrical.batteries.house.voltage';
const SOC = 'electrical.batteries.house.capacity.stateOfCharge';

let t: TestServer;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let lifecycle: AlertLifecycle;
let delivery: AlarmDelivery;
/** The server's clock, stopped at the start and moved by the test. */
let clock: ServerClock;

beforeAll(async () => {
  ({ t, owner, bridge, client } = await seaBreezeOnline('BR-DELIVERY', { inventory: true }));
  ({ lifecycle } = t.server.plugins.alerts);
  ({ delivery } = t.server.plugins.notifications);
  clock = t.server.app.ctx.clock;
  clock.set(Date.now());
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

const T0 = Date.now() - 600_000;
const send = (path: string, value: unknown, atSeconds: number) =>
  client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path, value }], { timestamp: new Date(T0 + atSeconds * 1000).toISOString() }), { qos: 1 });
const mails = async () => (await listOutbox(t.database.db, 200)).filter((m) => m.subject.startsWith('Sea Breeze'));

describe('alarms by e-mail', () => {
  it('a warning level crossed reaches the owner and the members who receive notifications', async () => {
    const propertyId = await eventually(
      async () => (await t.database.db('device_properties').where({ bridge_id: bridge.id, path: VOLTAGE }).first())?.id,
      'inventory',
    );
    await t.call('POST', '/api/devices/setPropertyWarningLevels', { token: owner, payload: { propertyId, highCritical: 15 } });
    await send(VOLTAGE, 15.5, 1);
    await delivery.idle();
    const sent = await mails();
    expect(sent.map((m) => m.to).sort()).toEqual(['crew@demo.test', 'owner@demo.test']);
    // Named as the Devices tab names it: the device, then the property; never the Signal K path.
    expect(sent[0].subject).toMatch(/alarm — House battery: Voltage is above its high critical level of 15.00 V/);
    expect(sent[0].text).toContain('Device: House battery\nProperty: Voltage\n');
    expect(sent[0].text).not.toContain(VOLTAGE);
    expect(sent[0].transport).toBe('outbox');
    // The banner's data carries the same names.
    const [alert] = (await t.call('GET', `/api/vessel/${bridge.vesselId}/alerts`, { token: owner })).body.data;
    expect(alert).toMatchObject({ deviceName: 'House battery', propertyName: 'Voltage', path: VOLTAGE });
  });

  it("names the device and property of a bridge's own notification about a property", async () => {
    const before = (await mails()).length;
    await send(`notifications.${SOC}`, { state: 'alarm', message: 'Battery nearly flat' }, 3);
    await delivery.idle();
    const sent = (await mails()).slice(0, (await mails()).length - before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0].subject).toBe('Sea Breeze: alarm — House battery · State of charge: Battery nearly flat');
    expect(sent[0].text).toContain('Device: House battery\nProperty: State of charge\n');
    expect(sent[0].text).not.toContain('notifications.');
  });

  it('notifies again when a silence ends without acknowledgement', async () => {
    const [alert] = (await t.call('GET', '/api/alerts/active', { token: owner })).body.data;
    await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/${alert.id}/silence`, { token: owner, payload: { seconds: 60 } });
    const before = (await mails()).length;
    clock.advance(60_000);
    await lifecycle.sweep();
    await delivery.idle();
    const after = await mails();
    expect(after).toHaveLength(before + 2);
    expect(after[0].subject).toMatch(/silence ended, not acknowledged/);
  });

  it('leaves out a member who muted the vessel', async () => {
    const crew = await t.login('crew@demo.test');
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/mute`, { token: crew, payload: { muted: 'yes' } })).body.message).toMatch(/muted/);
    expect((await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/mute`, { token: crew, payload: { muted: true } })).body.data).toEqual({
      vesselId: bridge.vesselId,
      muted: true,
    });
    const before = (await mails()).length;
    await send('notifications.muted.check', { state: 'alarm', message: 'Only the owner hears this' }, 5);
    await delivery.idle();
    const sent = (await mails()).slice(0, (await mails()).length - before);
    expect(sent.map((m) => m.to)).toEqual(['owner@demo.test']);
    await t.call('POST', `/api/vessel/${bridge.vesselId}/alerts/mute`, { token: crew, payload: { muted: false } });
  });

  it('groups a flood of alarms into one e-mail with their count', async () => {
    clock.advance(3_600_000);
    const before = (await mails()).length;
    for (let i = 0; i < 14; i++) await send(`notifications.flood.sensor${i}`, { state: 'warn', message: `Sensor ${i} failing` }, 10 + i);
    await delivery.idle();
    // The vessel's first alarm above was an hour ago: ten go out one by one, the rest wait.
    expect((await mails()).length - before).toBe(20);
    await delivery.flush();
    const grouped = (await mails())[0];
    expect(grouped.subject).toBe('Sea Breeze: 4 more alarms');
    expect(grouped.text).toMatch(/Sensor 13 failing/);
    expect((await mails()).length - before).toBe(22);
  });
});
