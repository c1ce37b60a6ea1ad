/**
 * Staged software rollouts with real MQTT bridges: the first stage, advancing, a bridge offline
 * when its stage is released, the automatic stop on failures, and the answer timeout on the
 * rollouts' own clock. Also each bridge's connection history.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRequest } from '../../src/mqtt/protocol.js';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { connectBridge, eventually, provisionBridge, type TestBridge } from './helpers.js';

let t: TestServer;
let admin: string;
let bridges: TestBridge[];
const clients = new Map<string, MqttClient>();
const requests = new Map<string, AdminRequest[]>();

beforeAll(async () => {
  t = await createTestServer({ demo: true, listen: true });
  admin = await t.login('admin@demo.test');
  bridges = [];
  for (const n of [1, 2, 3, 4, 5]) bridges.push(await provisionBridge(t, admin, `RO-${n}`));
  for (const b of bridges.slice(0, 4)) await connect(b);
});
afterAll(async () => {
  for (const c of clients.values()) await c.endAsync();
  await t.close();
});

async function connect(bridge: TestBridge): Promise<void> {
  const client = await connectBridge(t, bridge);
  requests.set(bridge.serial, []);
  client.on('message', (_topic, payload) => requests.get(bridge.serial)!.push(JSON.parse(payload.toString()) as AdminRequest));
  await client.subscribeAsync(`bridges/${bridge.serial}/admin`, { qos: 1 });
  clients.set(bridge.serial, client);
  await eventually(
    async () => (await t.call('GET', `/api/admin/reportingClients/${bridge.id}/connections`, { token: admin })).body.data.content[0]?.event === 'connected',
  );
}

const updateOf = (serial: string, version: string) =>
  eventually(() => requests.get(serial)?.find((r) => r.action === 'softwareUpdate' && r.version === version), `update of ${serial}`);

const answer = (serial: string, request: AdminRequest, body: object) =>
  clients.get(serial)!.publishAsync(`bridges/${serial}/admin/response`, JSON.stringify({ requestId: request.requestId, ...body }), { qos: 1 });

const updatesOf = (serial: string) => (requests.get(serial) ?? []).filter((r) => r.action === 'softwareUpdate');

const rollout = async (id: number) => (await t.call('GET', `/api/admin/rollouts/${id}`, { token: admin })).body.data;
const stateOf = (r: { targets: Array<{ serial: string; state: string }> }, serial: string) => r.targets.find((x) => x.serial === serial)?.state;

describe('staged rollouts', () => {
  it('re-checks the password, and stops by itself when too many bridges fail', async () => {
    const ids = bridges.map((b) => b.id);
    const wrong = await t.call('POST', '/api/admin/rollouts', {
      token: admin,
      payload: { version: '3.0.0', bridgeIds: ids, percentage: 40, adminPassword: 'wrong' },
    });
    expect(wrong.status).toBe(418);
    const started = await t.call('POST', '/api/admin/rollouts', {
      token: admin,
      payload: { version: '3.0.0', bridgeIds: ids, percentage: 40, adminPassword: 'vessel-link-demo' },
    });
    expect(started.status).toBe(200);
    // 40 % of 5: two bridges, connected ones first.
    expect(started.body.data.counts).toMatchObject({ total: 5, released: 2, inProgress: 2 });
    const first = await updateOf('RO-1', '3.0.0');
    await updateOf('RO-2', '3.0.0');
    expect(updatesOf('RO-3')).toEqual([]);

    await answer('RO-1', first, { state: 'DOWNLOADING', progress: 40 });
    await eventually(async () => stateOf(await rollout(started.body.data.id), 'RO-1') === 'DOWNLOADING');
    await answer('RO-1', first, { state: 'FAILED', message: 'Checksum mismatch' });
    const stopped = await eventually(async () => {
      const r = await rollout(started.body.data.id);
      return r.status === 'stopped' ? r : null;
    });
    expect(stopped.stopReason).toBe('Stopped automatically: 1 of 2 bridges sent the update failed (more than 20 %)');
    expect(stopped.targets.find((x: { serial: string }) => x.serial === 'RO-1')).toMatchObject({ state: 'FAILED', message: 'Checksum mismatch' });
    expect(stateOf(stopped, 'RO-3')).toBe('LATER');
    const advance = await t.call('POST', `/api/admin/rollouts/${started.body.data.id}/advance`, { token: admin });
    expect(advance.status).toBe(418);
    expect(advance.body.message).toBe('This rollout is stopped; it cannot go further');
    expect(updatesOf('RO-3')).toEqual([]);
    // RO-2 finishes what it started.
    await answer('RO-2', (await updateOf('RO-2', '3.0.0'))!, { state: 'COMPLETED' });
  });

  it('advances to every bridge, reaches an offline one when it connects, and counts a silent one as failed', async () => {
    const ids = bridges.slice(1).map((b) => b.id);
    const started = await t.call('POST', '/api/admin/rollouts', {
      token: admin,
      payload: { version: '3.1.0', bridgeIds: ids, percentage: 50, failurePercent: 50, adminPassword: 'vessel-link-demo' },
    });
    const id = started.body.data.id;
    for (const serial of ['RO-2', 'RO-3']) await answer(serial, await updateOf(serial, '3.1.0'), { state: 'COMPLETED' });
    await eventually(async () => (await rollout(id)).counts.completed === 2);
    expect(stateOf(await rollout(id), 'RO-4')).toBe('LATER');

    const advanced = await t.call('POST', `/api/admin/rollouts/${id}/advance`, { token: admin });
    expect(advanced.body.data.stage).toBe(2);
    await answer('RO-4', await updateOf('RO-4', '3.1.0'), { state: 'COMPLETED' });
    expect(stateOf(await rollout(id), 'RO-5')).toBe('WAITING');
    await connect(bridges[4]);
    await updateOf('RO-5', '3.1.0');
    expect(stateOf(await rollout(id), 'RO-5')).toBe('PENDING');

    // RO-5 never answers: half an hour later on the rollouts' clock it has failed, and the rollout is done.
    t.server.app.ctx.clock.advance(31 * 60_000);
    try {
      const done = await rollout(id);
      expect(done.targets.find((x: { serial: string }) => x.serial === 'RO-5')).toMatchObject({
        state: 'FAILED',
        message: 'No answer from the bridge for 30 minutes',
      });
      expect(done).toMatchObject({ status: 'completed', counts: { total: 4, completed: 3, failed: 1 } });
    } finally {
      t.server.app.ctx.clock.reset();
    }
    const list = (await t.call('GET', '/api/admin/rollouts', { token: admin })).body.data;
    expect(list.map((r: { version: string; status: string }) => [r.version, r.status])).toEqual([
      ['3.1.0', 'completed'],
      ['3.0.0', 'stopped'],
    ]);
    expect((await t.call('POST', `/api/admin/rollouts/${id}/stop`, { token: admin })).status).toBe(418);
  });

  it('skips a bridge that never connects within a day of its release, so the rollout ends and the next can take it', async () => {
    const ashore = await provisionBridge(t, admin, 'RO-ASHORE');
    const started = await t.call('POST', '/api/admin/rollouts', {
      token: admin,
      payload: { version: '3.2.0', bridgeIds: [bridges[0].id, ashore.id], percentage: 100, adminPassword: 'vessel-link-demo' },
    });
    const id = started.body.data.id;
    await answer('RO-1', await updateOf('RO-1', '3.2.0'), { state: 'COMPLETED' });
    await eventually(async () => (await rollout(id)).counts.completed === 1);
    expect(await rollout(id)).toMatchObject({ status: 'running' });
    expect(stateOf(await rollout(id), 'RO-ASHORE')).toBe('WAITING');

    t.server.app.ctx.clock.advance(24 * 3600_000 + 60_000);
    try {
      const done = await rollout(id);
      expect(done.targets.find((x: { serial: string }) => x.serial === 'RO-ASHORE')).toMatchObject({ state: 'SKIPPED' });
      expect(done).toMatchObject({ status: 'completed', counts: { completed: 1, failed: 0 } });
    } finally {
      t.server.app.ctx.clock.reset();
    }
    const next = await t.call('POST', '/api/admin/rollouts', {
      token: admin,
      payload: { version: '3.2.1', bridgeIds: [ashore.id], percentage: 100, adminPassword: 'vessel-link-demo' },
    });
    expect(next.status).toBe(200);
    await t.call('POST', `/api/admin/rollouts/${next.body.data.id}/stop`, { token: admin });
  });

  it('refuses an empty choice, unknown bridges and a bridge already in a running rollout', async () => {
    // Password checks are limited per administrator: this test uses a second one.
    const pw = 'a-second-admin-password';
    await t.call('POST', '/api/admin/users', { token: admin, payload: { email: 'second-admin@example.com', password: pw, isAdmin: true } });
    const admin2 = await t.login('second-admin@example.com', pw);
    expect((await t.call('POST', '/api/admin/rollouts', { token: admin2, payload: { version: '4.0.0', percentage: 10, adminPassword: pw } })).status).toBe(400);
    const unknown = await t.call('POST', '/api/admin/rollouts', {
      token: admin2,
      payload: { version: '4.0.0', bridgeIds: [999999], percentage: 10, adminPassword: pw },
    });
    expect(unknown.status).toBe(400);
    const first = await t.call('POST', '/api/admin/rollouts', {
      token: admin2,
      payload: { version: '4.0.0', bridgeIds: [bridges[0].id], percentage: 100, adminPassword: pw },
    });
    expect(first.status).toBe(200);
    const clash = await t.call('POST', '/api/admin/rollouts', {
      token: admin2,
      payload: { version: '4.0.1', bridgeIds: [bridges[0].id], percentage: 100, adminPassword: pw },
    });
    expect(clash.status).toBe(418);
    expect(clash.body.message).toMatch(/Already in a running rollout: RO-1/);
    expect((await t.call('POST', `/api/admin/rollouts/${first.body.data.id}/stop`, { token: admin2 })).body.data).toMatchObject({
      status: 'stopped',
      stopReason: 'Stopped by an administrator',
    });
  });
});

describe('connection history', () => {
  it('records connects and disconnects, newest first', async () => {
    const bridge = await provisionBridge(t, admin, 'RO-HIST');
    const client = await connectBridge(t, bridge);
    await eventually(async () => (await t.call('GET', `/api/admin/reportingClients/${bridge.id}/connections`, { token: admin })).body.data.totalElements === 1);
    // What it sends shows in the overview's ingest rate, and it counts as online.
    await client.publishAsync(`bridges/${bridge.serial}/status`, JSON.stringify({ online: true, version: '1.0.0', uptime: 5 }), { qos: 1 });
    const overview = await eventually(async () => {
      const o = (await t.call('GET', '/api/admin/overview', { token: admin })).body.data;
      return o.ingest.lastHour.at(-1).messages > 0 ? o : null;
    }, 'ingest counted');
    expect(overview.bridges.online).toBeGreaterThanOrEqual(1);
    await client.endAsync();
    const history = await eventually(async () => {
      const page = (await t.call('GET', `/api/admin/reportingClients/${bridge.id}/connections`, { token: admin })).body.data;
      return page.totalElements === 2 ? page : null;
    });
    expect(history.content.map((e: { event: string }) => e.event)).toEqual(['disconnected', 'connected']);
    expect((await t.call('GET', '/api/admin/reportingClients/999999/connections', { token: admin })).status).toBe(404);
  });
});
