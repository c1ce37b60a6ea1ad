/**
 * Service requests from an alarm on the demo fleet (docs/api.md, "Service requests"): the owner of
 * Sea Breeze asks Riviera Yachts (its dealer, with access) to look at a low-battery alarm; only a
 * company with access can be asked, other tenants are answered as if the vessel did not exist; the
 * request carries the alarm and the battery's last 24 h, opens a thread with the dealer's staff and
 * reaches their live stream at once; the dealer sees it and marks it done, which writes the
 * vessel's service log.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceLogEntry } from '../../contracts/service.js';
import type { ServiceRequest, VesselServiceRequests } from '../../contracts/service-requests.js';
import { openEventStream, type Live } from '../devices/live-stream.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';

const SOC = 'electrical.batteries.house.capacity.stateOfCharge';
let t: TestServer;
const tokens: Record<string, string> = {};
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
let alertId: number;
let riviera: number;
let harbour: number;
let dealerLive: Live;

const call = (method: string, url: string, who: string, payload?: unknown) => t.call(method, url, { token: tokens[who], payload });
const ask = (who: string, payload: unknown, alert = alertId, vesselId = bridge.vesselId) =>
  call('POST', `/api/vessel/${vesselId}/alerts/${alert}/serviceRequest`, who, payload);

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  for (const who of ['admin', 'owner', 'owner2', 'crew', 'dealer', 'dealer2', 'contractor']) tokens[who] = await t.login(`${who}@demo.test`);
  bridge = await pairedBridge(t, tokens.admin, 'Sea Breeze', 'BR-REQUESTS');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
  riviera = (await t.database.db('companies').where({ name: 'Riviera Yachts' }).first('id')).id;
  harbour = (await t.database.db('companies').where({ name: 'Harbour Marine Services' }).first('id')).id;
  // The battery drains over the last hour, then its monitor raises the alarm.
  const start = Date.now() - 3600_000;
  const values = [0.62, 0.48, 0.35, 0.24, 0.12].map((value, i) => ({ path: SOC, value, ts: new Date(start + i * 900_000).toISOString() }));
  for (const v of values)
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: v.path, value: v.value }], { timestamp: v.ts }), { qos: 1 });
  await client.publishAsync(
    `bridges/${bridge.serial}/delta`,
    delta([{ path: `notifications.${SOC}`, value: { state: 'alarm', message: 'House battery low: 12 %' } }], { timestamp: new Date().toISOString() }),
    { qos: 1 },
  );
  alertId = await eventually(async () => {
    const alerts = (await call('GET', `/api/vessel/${bridge.vesselId}/alerts`, 'owner')).body.data as Array<{ id: number; path: string }>;
    return alerts.find((a) => a.path === `notifications.${SOC}`)?.id;
  }, 'the alarm');
  await eventually(async () => (await t.database.db('value_series').where({ bridge_id: bridge.id, path: SOC }).first())?.value === '0.12', 'the values');
  dealerLive = await openEventStream(`http://127.0.0.1:${t.server.info.port}/api/messages/live`, { authorization: `Bearer ${tokens.dealer2}` });
  await dealerLive.next('hello');
});
afterAll(async () => {
  dealerLive?.close();
  await client?.endAsync();
  await t?.close();
});

describe('asking a company to look at an alarm', () => {
  it('offers the companies with access to the vessel, and only to those who see its alerts', async () => {
    const listed = await call('GET', `/api/vessel/${bridge.vesselId}/serviceRequests`, 'owner');
    expect(listed.status).toBe(200);
    expect((listed.body.data as VesselServiceRequests).companies).toEqual([{ id: riviera, name: 'Riviera Yachts', kind: 'dealer' }]);
    expect((listed.body.data as VesselServiceRequests).requests).toEqual([]);
    for (const who of ['owner2', 'contractor']) expect((await call('GET', `/api/vessel/${bridge.vesselId}/serviceRequests`, who)).status).toBe(404);
    // The dealer's staff are not offered their own company.
    expect((await call('GET', `/api/vessel/${bridge.vesselId}/serviceRequests`, 'dealer')).body.data.companies).toEqual([]);
  });

  it('refuses a company without access, other tenants, crew without alertManager MANAGE, and an unknown alarm', async () => {
    const refused = await ask('owner', { companyId: harbour, message: 'Please look' });
    expect(refused.status).toBe(418);
    expect(refused.body.message).toBe('Only a company with access to this vessel can be asked: give it access on the vessel’s Users tab first');
    expect((await ask('owner', { companyId: 99_999 })).status).toBe(418);
    for (const who of ['owner2', 'contractor']) {
      const foreign = await ask(who, { companyId: riviera });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ ok: false, status: 404, message: 'Vessel not found' });
    }
    const crew = await ask('crew', { companyId: riviera });
    expect(crew.status).toBe(403);
    expect((await ask('owner', { companyId: riviera }, 999_999)).status).toBe(404);
    const bad = await ask('owner', { message: 'no company' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('companyId');
    // The dealer's own staff cannot ask their own company.
    expect((await ask('dealer', { companyId: riviera })).status).toBe(418);
    expect(await t.database.db('service_requests').count<{ n: number }[]>({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  let request: ServiceRequest;

  it('makes a request with the alarm and the values’ last 24 h, and a thread with the company’s staff', async () => {
    const made = await ask('owner', { companyId: riviera, message: 'The house bank will not hold a charge, could you look?' });
    expect(made.status).toBe(200);
    request = made.body.data;
    expect(request).toMatchObject({
      vesselId: bridge.vesselId,
      vesselName: 'Sea Breeze',
      companyId: riviera,
      companyName: 'Riviera Yachts',
      state: 'open',
      message: 'The house bank will not hold a charge, could you look?',
      alarm: { id: alertId, path: `notifications.${SOC}`, priority: 'alarm', message: 'House battery low: 12 %' },
      requestedBy: { name: 'Olivia Owner' },
      doneAt: null,
      logEntryId: null,
    });
    expect(request.evidence).toHaveLength(1);
    expect(request.evidence[0]).toMatchObject({ path: SOC, displayName: 'State of charge', deviceName: 'House battery', units: 'ratio' });
    expect(request.evidence[0].points.map((p) => p.v)).toEqual([0.62, 0.48, 0.35, 0.24, 0.12]);
    // The thread: about the vessel, the owner and Riviera Yachts' staff, the owner's message first.
    expect(request.threadId).not.toBeNull();
    const threads = (await call('GET', '/api/messages/threads', 'dealer')).body.data as Array<{
      id: number;
      vesselId: number;
      users: Array<{ userId: number }>;
    }>;
    const thread = threads.find((th) => th.id === request.threadId)!;
    expect(thread.vesselId).toBe(bridge.vesselId);
    const dealerIds = await t.database.db('users').whereIn('email', ['owner@demo.test', 'dealer@demo.test', 'dealer2@demo.test']).pluck('id');
    expect(thread.users.map((u) => u.userId).sort()).toEqual(dealerIds.sort());
    const messages = (await call('GET', `/api/messages/threads/${request.threadId}/messages`, 'dealer2')).body.data.content as Array<{ text: string }>;
    expect(messages[0].text).toContain('The house bank will not hold a charge, could you look?');
    expect(messages[0].text).toContain('House battery · State of charge: House battery low: 12 %');
    // Not a thread of anyone else's.
    expect((await call('GET', `/api/messages/threads/${request.threadId}/messages`, 'contractor')).status).toBe(404);
  });

  it('reaches the company’s staff on their live stream at once', async () => {
    expect(await dealerLive.next('serviceRequest')).toEqual({ requestId: request.id, vesselId: bridge.vesselId, state: 'open' });
  });

  it('asks once per alarm and company while the request is open', async () => {
    const again = await ask('owner', { companyId: riviera });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Riviera Yachts was already asked to look at this alarm');
  });

  it('shows the request to the company’s staff, and to no other company', async () => {
    const seen = await call('GET', '/api/org/serviceRequests', 'dealer');
    expect(seen.status).toBe(200);
    expect((seen.body.data as ServiceRequest[]).map((r) => r.id)).toEqual([request.id]);
    expect((seen.body.data as ServiceRequest[])[0].evidence[0].points).toHaveLength(5);
    expect((await call('GET', '/api/org/serviceRequests', 'contractor')).body.data).toEqual([]);
    expect((await call('GET', '/api/org/serviceRequests', 'owner')).status).toBe(404);
    // The vessel's own list has it too.
    const vessel = (await call('GET', `/api/vessel/${bridge.vesselId}/serviceRequests`, 'owner')).body.data as VesselServiceRequests;
    expect(vessel.requests.map((r) => [r.id, r.state])).toEqual([[request.id, 'open']]);
  });

  it('is marked done only by the company it was made to, which writes the vessel’s service log', async () => {
    for (const who of ['contractor', 'owner', 'owner2']) expect((await call('POST', `/api/org/serviceRequests/${request.id}/done`, who, {})).status).toBe(404);
    const done = await call('POST', `/api/org/serviceRequests/${request.id}/done`, 'dealer', { notes: 'Replaced the house bank’s failing cell.' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id: request.id, state: 'done', doneBy: { name: 'Dana Dealer' } });
    expect(done.body.data.logEntryId).toEqual(expect.any(Number));
    expect(await dealerLive.next('serviceRequest')).toEqual({ requestId: request.id, vesselId: bridge.vesselId, state: 'done' });
    const log = (await call('GET', `/api/vessel/${bridge.vesselId}/service/log`, 'owner')).body.data as ServiceLogEntry[];
    expect(log[0]).toMatchObject({
      id: done.body.data.logEntryId,
      itemId: null,
      itemName: 'Alarm: House battery · State of charge: House battery low: 12 %',
      doneBy: 'Riviera Yachts',
      notes: 'Replaced the house bank’s failing cell.',
    });
    const twice = await call('POST', `/api/org/serviceRequests/${request.id}/done`, 'dealer2', {});
    expect(twice.status).toBe(409);
    // Done, it may be asked again.
    expect((await ask('owner', { companyId: riviera, message: '' })).status).toBe(200);
  });
});
