/**
 * Service schedules on the demo fleet: who may read and manage a vessel's schedule (owner, crew,
 * the dealer through its grant, other tenants 404), run hours from the bridge's
 * `propulsion.*.runTime`, completing an item (log, documents, a restarted interval), the
 * company's services due, and reminders sent once per due on a clock the test moves.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDueEntry, ServiceItem, ServiceSchedule } from '../../contracts/service.js';
import { dayOf } from '../../src/modules/service/due.js';
import { listOutbox } from '../../src/platform/mail.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, pairedBridge, storedCurrent, type TestBridge } from '../mqtt/helpers.js';

const DAY = 24 * 3600 * 1000;
let t: TestServer;
const tokens: Record<string, string> = {};
let seaBreeze: number;
let northernStar: number;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let now = Date.now();
/** Moves the server's clock (it stays where the test put it). */
const moveTo = (ms: number) => {
  now = ms;
  t.server.app.ctx.clock.set(ms);
};

const call = (method: string, url: string, who: string, payload?: unknown) => t.call(method, url, { token: tokens[who], payload });
const schedule = async (who: string, vesselId = seaBreeze): Promise<ServiceSchedule> => (await call('GET', `/api/vessel/${vesselId}/service`, who)).body.data;
const byName = (s: ServiceSchedule, name: string): ServiceItem => s.items.find((i) => i.name === name)!;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  for (const who of ['admin', 'owner', 'owner2', 'crew', 'dealer', 'contractor', 'manufacturer']) tokens[who] = await t.login(`${who}@demo.test`);
  seaBreeze = (await t.database.db('vessels').where({ name: 'Sea Breeze' }).first('id')).id;
  northernStar = (await t.database.db('vessels').where({ name: 'Northern Star' }).first('id')).id;
  bridge = await pairedBridge(t, tokens.admin, 'Sea Breeze', 'BR-SERVICE');
  client = await connectBridge(t, bridge);
  t.server.app.ctx.clock.set(now);
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

describe('a vessel’s service schedule', () => {
  it('shows the demo items with their due to the owner, the crew and the dealer', async () => {
    for (const who of ['owner', 'crew', 'dealer']) {
      const s = await schedule(who);
      expect(s.items.map((i) => [i.name, i.due.status])).toEqual([
        ['Engine oil and filter change', 'overdue'],
        ['Raw-water pump impeller', 'dueSoon'],
        ['Antifouling and anodes', 'ok'],
      ]);
    }
  });

  it('answers other tenants as if the vessel did not exist, and refuses changes to readers', async () => {
    for (const who of ['owner2', 'contractor']) {
      expect((await call('GET', `/api/vessel/${seaBreeze}/service`, who)).status).toBe(404);
      expect((await call('GET', `/api/vessel/${seaBreeze}/service/log`, who)).status).toBe(404);
      expect((await call('POST', `/api/vessel/${seaBreeze}/service`, who, { name: 'x', intervalMonths: 1 })).status).toBe(404);
    }
    const item = byName(await schedule('owner'), 'Antifouling and anodes');
    const crewEdit = await call('PUT', `/api/vessel/${seaBreeze}/service/${item.id}`, 'crew', { name: 'x', intervalMonths: 1 });
    expect(crewEdit.status).toBe(403);
    expect(crewEdit.body.message).toBe('You need MANAGE on deviceManager for this');
    // Another vessel's item through this vessel's path is missing, not forbidden.
    const northern = (await schedule('owner2', northernStar)).items[0];
    expect((await call('DELETE', `/api/vessel/${seaBreeze}/service/${northern.id}`, 'owner')).status).toBe(404);
  });

  it('refuses an item without an interval, hours without an engine, or a day in the future', async () => {
    const post = (payload: unknown) => call('POST', `/api/vessel/${seaBreeze}/service`, 'owner', payload);
    expect((await post({ name: 'Nothing' })).body.message).toBe('intervalHours or intervalMonths is required (or both)');
    expect((await post({ name: 'Hours', intervalHours: 100 })).body.message).toBe('engine is required with intervalHours: run hours are counted on one engine');
    expect((await post({ name: 'Later', intervalMonths: 6, lastDoneOn: dayOf(now + 2 * DAY) })).body.message).toBe('lastDoneOn cannot be in the future');
    const bad = await post({ name: 'Bad day', intervalMonths: 6, lastDoneOn: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('lastDoneOn');
  });

  it('counts run hours from the bridge’s propulsion runTime', async () => {
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'propulsion.port.runTime', value: 1200 * 3600 }]), { qos: 1 });
    await eventually(() => storedCurrent(t, bridge.id, 'propulsion.port.runTime'), 'the run time stored');
    const s = await schedule('owner');
    expect(s.engines).toEqual([expect.objectContaining({ engine: 'port', hours: 1200 })]);
    const created = await call('POST', `/api/vessel/${seaBreeze}/service`, 'dealer', {
      name: 'Fuel filters',
      engine: 'port',
      intervalHours: 250,
      intervalMonths: 12,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      lastDoneHours: 1200,
      lastDoneOn: dayOf(now),
      currentHours: 1200,
      due: { dueHours: 1450, hoursLeft: 250, status: 'ok' },
    });
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'propulsion.port.runTime', value: 1430 * 3600 }]), { qos: 1 });
    await eventually(async () => (await storedCurrent(t, bridge.id, 'propulsion.port.runTime'))?.value === String(1430 * 3600), 'the new run time');
    expect(byName(await schedule('owner'), 'Fuel filters').due).toMatchObject({ hoursLeft: 20, status: 'dueSoon' });
  });

  it('logs a completed service with its documents and restarts the interval', async () => {
    const upload = await t.server.inject({
      method: 'POST',
      url: `/api/vessel/${seaBreeze}/documents`,
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'multipart/form-data; boundary=XX' },
      payload: [
        '--XX',
        'Content-Disposition: form-data; name="name"',
        '',
        'Oil invoice',
        '--XX',
        'Content-Disposition: form-data; name="file"; filename="invoice.pdf"',
        'Content-Type: application/pdf',
        '',
        '%PDF-1.4 invoice',
        '--XX--',
        '',
      ].join('\r\n'),
    });
    expect(upload.statusCode).toBe(200);
    const documentId = JSON.parse(upload.payload).data.id;
    const oil = byName(await schedule('dealer'), 'Engine oil and filter change');
    const done = await call('POST', `/api/vessel/${seaBreeze}/service/${oil.id}/complete`, 'dealer', {
      doneBy: 'Riviera Yachts',
      notes: '15W-40, 18 l',
      documentIds: [documentId],
    });
    expect(done.status).toBe(200);
    expect(done.body.data.item).toMatchObject({ lastDoneOn: dayOf(now), lastDoneHours: 1430, due: { dueHours: 1680, status: 'ok' } });
    expect(done.body.data.entry).toMatchObject({
      itemName: 'Engine oil and filter change',
      runHours: 1430,
      doneBy: 'Riviera Yachts',
      notes: '15W-40, 18 l',
      documents: [{ id: documentId, name: 'Oil invoice' }],
    });
    const log = (await call('GET', `/api/vessel/${seaBreeze}/service/log`, 'crew')).body.data;
    expect(log[0]).toMatchObject({ itemName: 'Engine oil and filter change', documents: [{ id: documentId, name: 'Oil invoice' }] });
    // A document of another vessel cannot be attached.
    const foreign = await call('POST', `/api/vessel/${seaBreeze}/service/${oil.id}/complete`, 'dealer', { documentIds: [documentId + 1000] });
    expect(foreign.status).toBe(400);

    // Without documents VIEW, documents are neither named nor attachable.
    const crewId = (await t.database.db('users').where({ email: 'crew@demo.test' }).first('id')).id;
    const edited = await call('POST', `/api/vessel/${seaBreeze}/editPermissions`, 'owner', {
      userId: crewId,
      permissions: { deviceManager: 'MANAGE', documents: 'DENY' },
    });
    expect(edited.status).toBe(200);
    const hidden = (await call('GET', `/api/vessel/${seaBreeze}/service/log`, 'crew')).body.data;
    expect(hidden[0]).toMatchObject({ itemName: 'Engine oil and filter change', documents: [] });
    const attach = await call('POST', `/api/vessel/${seaBreeze}/service/${oil.id}/complete`, 'crew', { documentIds: [documentId] });
    expect(attach.status).toBe(403);
  });

  it('edits and deletes an item; its log stays', async () => {
    const created = (await call('POST', `/api/vessel/${seaBreeze}/service`, 'owner', { name: 'Winch service', intervalMonths: 12 })).body.data;
    const edited = await call('PUT', `/api/vessel/${seaBreeze}/service/${created.id}`, 'owner', { name: 'Winch service', intervalMonths: 6, reminderDays: 14 });
    expect(edited.body.data).toMatchObject({ intervalMonths: 6, reminderDays: 14 });
    // Renaming an item whose run hours at the last service are unknown keeps them unknown.
    const impeller = byName(await schedule('owner'), 'Raw-water pump impeller');
    const renamed = await call('PUT', `/api/vessel/${seaBreeze}/service/${impeller.id}`, 'owner', {
      name: 'Raw-water impeller',
      engine: 'starboard',
      intervalHours: 500,
      intervalMonths: 24,
    });
    expect(renamed.body.data).toMatchObject({
      name: 'Raw-water impeller',
      lastDoneHours: null,
      lastDoneOn: impeller.lastDoneOn,
      due: { dueHours: null, status: 'dueSoon' },
    });
    await call('PUT', `/api/vessel/${seaBreeze}/service/${impeller.id}`, 'owner', {
      name: 'Raw-water pump impeller',
      engine: 'starboard',
      intervalHours: 500,
      intervalMonths: 24,
    });
    await call('POST', `/api/vessel/${seaBreeze}/service/${created.id}/complete`, 'owner', {});
    expect((await call('DELETE', `/api/vessel/${seaBreeze}/service/${created.id}`, 'owner')).body.data).toEqual({ id: created.id, deleted: true });
    expect((await schedule('owner')).items.some((i) => i.id === created.id)).toBe(false);
    const log = (await call('GET', `/api/vessel/${seaBreeze}/service/log`, 'owner')).body.data;
    expect(log.find((e: { itemName: string }) => e.itemName === 'Winch service')).toMatchObject({ itemId: null });
  });
});

describe('a company’s services due', () => {
  it('lists every item on its clients’ vessels, overdue first, then by due date', async () => {
    const res = await call('GET', '/api/org/servicesDue', 'dealer');
    expect(res.status).toBe(200);
    const list: ServiceDueEntry[] = res.body.data;
    expect(new Set(list.map((e) => e.vesselName))).toEqual(new Set(['Sea Breeze']));
    expect(list[0]).toMatchObject({ name: 'Raw-water pump impeller', vesselName: 'Sea Breeze', due: { status: 'dueSoon' } });
    const ranks = list.map((e) => ['overdue', 'dueSoon', 'ok'].indexOf(e.due.status));
    expect(ranks).toEqual([...ranks].sort());
    const contractor: ServiceDueEntry[] = (await call('GET', '/api/org/servicesDue', 'contractor')).body.data;
    expect(contractor.map((e) => [e.vesselName, e.name])).toEqual([['Northern Star', 'Life raft and safety equipment check']]);
  });

  it('leaves out a vessel whose owner paused the company, and refuses staff without useTechnicalAccess', async () => {
    const dealerId = (await t.database.db('companies').where({ name: 'Riviera Yachts' }).first('id')).id;
    expect((await call('POST', `/api/vessel/${seaBreeze}/pauseCompany/${dealerId}/true`, 'owner')).status).toBe(200);
    expect((await call('GET', '/api/org/servicesDue', 'dealer')).body.data).toEqual([]);
    expect((await call('POST', `/api/vessel/${seaBreeze}/pauseCompany/${dealerId}/false`, 'owner')).status).toBe(200);
    expect((await call('GET', '/api/org/servicesDue', 'dealer')).body.data.length).toBeGreaterThan(0);

    const staff: Array<{ id: number; email: string }> = (await call('GET', '/api/org/staff', 'dealer')).body.data;
    const dev = staff.find((s) => s.email === 'dealer2@demo.test')!;
    const edit = await call('POST', '/api/org/editStaffMember', 'dealer', { staffId: dev.id, permissions: { useTechnicalAccess: false } });
    expect(edit.status).toBe(200);
    const refused = await t.call('GET', '/api/org/servicesDue', { token: await t.login('dealer2@demo.test') });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have the useTechnicalAccess permission in your organisation');
    await call('POST', '/api/org/editStaffMember', 'dealer', { staffId: dev.id, permissions: { useTechnicalAccess: true } });
  });

  it('answers 404 to a person without a company', async () => {
    expect((await call('GET', '/api/org/servicesDue', 'owner')).status).toBe(404);
  });

  it('is what the admin CLI asks for a company', async () => {
    const company = await t.database.db('companies').where({ name: 'Harbour Marine Services' }).first('id');
    const list = await t.server.plugins.service.api.servicesDueOfCompany(company.id);
    expect(list.map((e) => e.name)).toEqual(['Life raft and safety equipment check']);
  });
});

describe('service reminders', () => {
  const subjects = async () => (await listOutbox(t.database.db, 500)).map((m) => `${m.to}: ${m.subject}`);

  it('e-mails the owner and the company once per due, before the item falls due', async () => {
    const created = (await call('POST', `/api/vessel/${seaBreeze}/service`, 'owner', { name: 'Life jackets', intervalMonths: 2, reminderDays: 10 })).body.data;
    const reminders = t.server.plugins.service.reminders;
    await reminders.check();
    const before = await subjects();
    const subject = 'Service due soon: Life jackets on Sea Breeze';
    expect(before.filter((s) => s.includes('Life jackets'))).toEqual([]);

    moveTo(now + Date.parse(created.due.dueDate) - Date.parse(dayOf(now)) - 9 * DAY);
    await reminders.check();
    const sent = (await subjects()).filter((s) => s.includes('Life jackets'));
    expect(sent.sort()).toEqual([`dealer2@demo.test: ${subject}`, `dealer@demo.test: ${subject}`, `owner@demo.test: ${subject}`]);

    // Checked again, or later still within the window: nothing more.
    await reminders.check();
    moveTo(now + 3 * DAY);
    await reminders.check();
    expect((await subjects()).filter((s) => s.includes('Life jackets'))).toHaveLength(3);

    // Done: the interval restarts, and the next due earns its own reminder.
    await call('POST', `/api/vessel/${seaBreeze}/service/${created.id}/complete`, 'owner', {});
    await reminders.check();
    expect((await subjects()).filter((s) => s.includes('Life jackets'))).toHaveLength(3);
    moveTo(now + 55 * DAY);
    await reminders.check();
    expect((await subjects()).filter((s) => s.includes('Life jackets'))).toHaveLength(6);
    const mail = (await listOutbox(t.database.db, 500)).find((m) => m.subject === subject && m.to === 'owner@demo.test')!;
    expect(mail.text).toContain(`/dashboard/vessels/${seaBreeze}/service`);
  });
});
