/**
 * Interfaces: a third-party system posting Signal K deltas over HTTP with its own token, its
 * values reaching the devices and the live stream like a bridge's; revoked tokens and bad deltas
 * refused.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, pairedBridge, publishInventory, type TestBridge } from '../mqtt/helpers.js';
import { openLive } from './live-stream.js';

let t: TestServer;
let owner: string;
let bridge: TestBridge & { vesselId: number };
let client: MqttClient;
const VOLTAGE = 'electrical.batteries.house.voltage';

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  const admin = await t.login('admin@demo.test');
  owner = await t.login('owner@demo.test');
  bridge = await pairedBridge(t, admin, 'Sea Breeze', 'BR-INTERFACES');
  client = await connectBridge(t, bridge);
  await publishInventory(client, bridge.serial);
});
afterAll(async () => {
  await client.endAsync();
  await t.close();
});

const createInterface = async (name: string) => {
  const res = await t.call('POST', `/api/vessel/${bridge.vesselId}/interfaces/new`, { token: owner, payload: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; name: string; token: string; source: string };
};
const post = (token: string, payload: unknown, remoteAddress = '203.0.113.9') =>
  t.call('POST', '/api/interfaces/delta', { headers: { authorization: `Bearer ${token}` }, payload: payload as object, remoteAddress });
const shorePower = (volts: number) => ({
  updates: [{ $source: 'n2k.1', timestamp: new Date().toISOString(), values: [{ path: VOLTAGE, value: volts }] }],
});

describe('interfaces', () => {
  it('stores a posted delta under its own source, in the devices and on the live stream', async () => {
    const meter = await createInterface('Marina shore-power meter');
    expect(meter.token).toMatch(/^\S{32,}$/);
    const live = await openLive(t, bridge.vesselId, owner);
    await live.next('hello');

    const res = await post(meter.token, shorePower(12.9));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batch = await live.next('batch');
    expect(batch.values).toEqual([expect.objectContaining({ path: VOLTAGE, value: 12.9 })]);
    live.close();

    const devices = (await t.call('GET', `/api/vessel/${bridge.vesselId}/devices`, { token: owner })).body.data;
    const voltage = devices.flatMap((d: { properties: Array<{ path: string }> }) => d.properties).find((p: { path: string }) => p.path === VOLTAGE);
    expect(voltage.value).toBe(12.9);
    const sources = (await t.call('GET', `/api/discovery/messageSources?vesselId=${bridge.vesselId}`, { token: owner })).body.data;
    expect(sources.map((s: { uid: string }) => s.uid)).toContain(`interface.${meter.id}`);
    expect(sources.map((s: { uid: string }) => s.uid)).not.toContain('n2k.1');

    const listed = (await t.call('GET', `/api/vessel/${bridge.vesselId}/interfaces`, { token: owner })).body.data;
    expect(listed).toEqual([
      expect.objectContaining({ id: meter.id, name: 'Marina shore-power meter', source: `interface.${meter.id}`, lastUsedAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(meter.token);
  });

  it('refuses a rotated or deleted token, and an unknown one', async () => {
    const tracker = await createInterface('Tracker');
    const rotated = await t.call('GET', `/api/interfaces/${tracker.id}/token`, { token: owner });
    expect(rotated.status).toBe(200);
    expect(rotated.headers['cache-control']).toContain('no-store');
    expect((await post(tracker.token, shorePower(12))).status).toBe(401);
    expect((await post(rotated.body.data.token, shorePower(12))).status).toBe(200);

    expect((await t.call('DELETE', `/api/vessel/${bridge.vesselId}/interfaces/${tracker.id}`, { token: owner })).status).toBe(200);
    const refused = await post(rotated.body.data.token, shorePower(12));
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ ok: false, status: 401 });
    expect((await t.call('POST', '/api/interfaces/delta', { payload: shorePower(12) })).status).toBe(401);
  });

  it('answers 400 in the envelope for a bad delta, 413 for an oversized one', async () => {
    const meter = await createInterface('Meter with bugs');
    const bad = await post(meter.token, { updates: [{ values: [{ path: 'no spaces allowed', value: 1 }] }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/^Invalid delta: /) });
    expect((await post(meter.token, { nothing: true })).status).toBe(400);
    const huge = { updates: [{ values: [{ path: 'environment.x', value: 'x'.repeat(300 * 1024) }] }] };
    expect((await post(meter.token, huge)).status).toBe(413);
  });

  it('limits unknown tokens per address', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await post(`guess-${i}`, shorePower(1), '198.51.100.7')).status;
    expect(last).toBe(429);
  });

  it('keeps interfaces to their vessel: another tenant, a crew member without MANAGE', async () => {
    const meter = await createInterface('Fuel dock');
    const stranger = await t.login('owner2@demo.test');
    expect((await t.call('GET', `/api/interfaces/${meter.id}/token`, { token: stranger })).status).toBe(404);
    expect((await t.call('DELETE', `/api/vessel/${bridge.vesselId}/interfaces/${meter.id}`, { token: stranger })).status).toBe(404);
    const crew = await t.login('crew@demo.test');
    expect((await t.call('GET', `/api/interfaces/${meter.id}/token`, { token: crew })).status).toBe(403);
    expect((await t.call('GET', `/api/vessel/${bridge.vesselId}/interfaces`, { token: crew })).status).toBe(200);
    const renamed = await t.call('PUT', `/api/vessel/${bridge.vesselId}/interfaces/${meter.id}`, { token: owner, payload: { name: 'Fuel dock meter' } });
    expect(renamed.body.data.name).toBe('Fuel dock meter');
    const northernStar = (await t.call('GET', '/api/vessel/basic', { token: stranger })).body.data[0].id;
    expect((await t.call('DELETE', `/api/vessel/${northernStar}/interfaces/${meter.id}`, { token: stranger })).status).toBe(404);
  });
});
