/**
 * Reporting clients in the admin area, and pairing through the bridges module's api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeOfVessel, bridgesOfVessels, pairBridge, unpairBridge } from '../../src/modules/bridges/api.js';
import type { AdminRequest } from '../../src/mqtt/protocol.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, delta, eventually, provisionBridge, storedHistory, vesselIdByName } from './helpers.js';

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const list = async () => (await t.call('GET', '/api/admin/reportingClients', { token: admin })).body.data as Array<Record<string, unknown>>;

describe('provisioning', () => {
  it('answers the secret once, with a pairing code without ambiguous letters', async () => {
    const res = await t.call('POST', '/api/admin/reportingClients', { token: admin, payload: { serial: 'BR-0001', version: '1.4.2' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      serial: 'BR-0001',
      version: '1.4.2',
      online: false,
      lastSeen: null,
      vesselId: null,
      createdAt: expect.any(String),
      secret: expect.any(String),
      pairingCode: expect.stringMatching(/^[2-9A-HJKMNP-Z]{8}$/),
    });
    expect(res.body.data.secret.length).toBeGreaterThanOrEqual(43);
    const listed = (await list()).find((b) => b.id === res.body.data.id)!;
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(await list())).not.toContain(res.body.data.secret);
  });

  it('makes up a serial when none is given, and refuses duplicates, bad serials and non-admins', async () => {
    const made = await t.call('POST', '/api/admin/reportingClients', { token: admin, payload: {} });
    expect(made.body.data.serial).toMatch(/^VL-[2-9A-HJKMNP-Z]{8}$/);
    expect((await t.call('POST', '/api/admin/reportingClients', { token: admin, payload: { serial: 'BR-0001' } })).status).toBe(409);
    expect((await t.call('POST', '/api/admin/reportingClients', { token: admin, payload: { serial: 'bad/serial' } })).status).toBe(400);
    expect((await t.call('POST', '/api/admin/reportingClients', { token: await t.login('owner@demo.test'), payload: {} })).status).toBe(403);
  });
});

describe('editing and deleting', () => {
  it('rotates the secret: the old one stops working and the bridge is disconnected', async () => {
    const bridge = await provisionBridge(t, admin, 'BR-ROTATE');
    const client = await connectBridge(t, bridge);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const res = await t.call('PUT', `/api/admin/reportingClients/${bridge.id}`, { token: admin, payload: { rotateSecret: true, version: '2.0.0' } });
    expect(res.body.data).toMatchObject({ serial: 'BR-ROTATE', version: '2.0.0', secret: expect.any(String) });
    await closed;
    client.end(true);
    await expect(connectBridge(t, bridge)).rejects.toMatchObject({ code: 5 });
    const again = await connectBridge(t, { serial: bridge.serial, secret: res.body.data.secret });
    await again.endAsync();
  });

  it('deletes a reporting client with its data and disconnects it', async () => {
    const bridge = await provisionBridge(t, admin, 'BR-DELETE');
    const client = await connectBridge(t, bridge);
    await client.publishAsync(`bridges/${bridge.serial}/delta`, delta([{ path: 'environment.depth.belowTransducer', value: 8 }]), { qos: 1 });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    expect((await t.call('DELETE', `/api/admin/reportingClients/${bridge.id}`, { token: admin })).body.data).toEqual({ deleted: true });
    await closed;
    client.end(true);
    expect(await storedHistory(t, bridge.id)).toHaveLength(0);
    expect((await t.call('DELETE', `/api/admin/reportingClients/${bridge.id}`, { token: admin })).status).toBe(404);
    await expect(connectBridge(t, bridge)).rejects.toMatchObject({ code: 5 });
  });
});

describe('status, usage and software updates', () => {
  it('takes the version from the status topic and counts messages and bytes per day', async () => {
    const bridge = await provisionBridge(t, admin, 'BR-USAGE');
    const client = await connectBridge(t, bridge);
    const status = JSON.stringify({ online: true, version: '1.5.0', uptime: 12 });
    const data = delta([{ path: 'environment.depth.belowTransducer', value: 8 }]);
    await client.publishAsync(`bridges/${bridge.serial}/status`, status, { qos: 1, retain: true });
    await client.publishAsync(`bridges/${bridge.serial}/delta`, data, { qos: 1 });
    expect((await list()).find((b) => b.id === bridge.id)).toMatchObject({ version: '1.5.0', online: true });
    const usage = await t.call('GET', `/api/admin/reportingClients/${bridge.id}/usage`, { token: admin });
    expect(usage.body.data).toEqual([
      { day: new Date().toISOString().slice(0, 10), messages: 2, bytes: Buffer.byteLength(status) + Buffer.byteLength(data), rejected: 0 },
    ]);
    await client.endAsync();
  });

  it('sends a software update after checking the password, and shows the progress the bridge reports', async () => {
    const bridge = await provisionBridge(t, admin, 'BR-UPDATE');
    const url = `/api/admin/reportingClients/${bridge.id}`;
    expect((await t.call('GET', `${url}/updateProgress`, { token: admin })).body.data).toBeNull();
    const offline = await t.call('POST', `${url}/softwareUpdate?adminPassword=vessel-link-demo`, { token: admin, payload: { version: '2.1.0' } });
    expect(offline.status).toBe(418);
    expect(offline.body.message).toBe('The reporting client is offline');

    const client = await connectBridge(t, bridge);
    const requests: AdminRequest[] = [];
    client.on('message', (_topic, payload) => requests.push(JSON.parse(payload.toString())));
    await client.subscribeAsync(`bridges/${bridge.serial}/admin`, { qos: 1 });
    expect((await t.call('POST', `${url}/softwareUpdate?adminPassword=wrong-password`, { token: admin, payload: { version: '2.1.0' } })).status).toBe(418);
    const started = await t.call('POST', `${url}/softwareUpdate?adminPassword=vessel-link-demo`, { token: admin, payload: { version: '2.1.0' } });
    expect(started.body.data).toMatchObject({ action: 'softwareUpdate', version: '2.1.0', state: 'PENDING' });
    const request = await eventually(() => requests.find((r) => r.action === 'softwareUpdate'), 'update request');
    expect(request).toEqual({ requestId: started.body.data.requestId, action: 'softwareUpdate', version: '2.1.0' });

    const answer = (body: object) =>
      client.publishAsync(`bridges/${bridge.serial}/admin/response`, JSON.stringify({ requestId: request.requestId, ...body }), { qos: 1 });
    await answer({ state: 'DOWNLOADING', progress: 40 });
    expect((await t.call('GET', `${url}/updateProgress`, { token: admin })).body.data).toMatchObject({ state: 'DOWNLOADING', progress: 40, version: '2.1.0' });
    await answer({ state: 'COMPLETED', progress: 100 });
    expect((await t.call('GET', `${url}/updateProgress`, { token: admin })).body.data).toMatchObject({ state: 'COMPLETED', progress: 100 });
    await client.endAsync();
  });
});

describe('pairing', () => {
  it('pairs by code, refuses unknown codes (418) and second pairings (409), and unpairs with a fresh code', async () => {
    const { db } = t.database;
    const bridge = await provisionBridge(t, admin, 'BR-PAIR');
    const seaBreeze = await vesselIdByName(t, 'Sea Breeze');
    const blueHorizon = await vesselIdByName(t, 'Blue Horizon');
    await expect(pairBridge(db, 'ZZZZZZZZ', seaBreeze)).rejects.toMatchObject({ output: { statusCode: 418 } });
    const paired = await pairBridge(db, ` ${bridge.pairingCode.toLowerCase()} `, seaBreeze);
    expect(paired).toEqual({ id: bridge.id, serial: 'BR-PAIR', version: '1.0.0', online: false, lastSeen: null });
    await expect(pairBridge(db, bridge.pairingCode, blueHorizon)).rejects.toMatchObject({ output: { statusCode: 409 } });
    expect(await bridgeOfVessel(db, seaBreeze)).toEqual(paired);
    expect((await bridgesOfVessels(db, [seaBreeze, blueHorizon])).get(seaBreeze)).toEqual(paired);
    expect((await list()).find((b) => b.id === bridge.id)).toMatchObject({ vesselId: seaBreeze });

    const unpaired = await unpairBridge(db, seaBreeze);
    expect(unpaired).toEqual({ bridgeId: bridge.id, serial: 'BR-PAIR', pairingCode: expect.stringMatching(/^[2-9A-HJKMNP-Z]{8}$/) });
    expect(await bridgeOfVessel(db, seaBreeze)).toBeNull();
    expect(await unpairBridge(db, seaBreeze)).toBeNull();
    await expect(pairBridge(db, bridge.pairingCode, blueHorizon)).rejects.toMatchObject({ output: { statusCode: 418 } });
    expect((await pairBridge(db, unpaired!.pairingCode, blueHorizon)).id).toBe(bridge.id);
  });
});
