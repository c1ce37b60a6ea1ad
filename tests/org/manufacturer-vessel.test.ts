/**
 * What a manufacturer sees of a consenting vessel (docs/decisions.md, "What a manufacturer sees of
 * a consenting vessel; model pictures"): `GET vesselModels/{id}/vessels/{vesselId}` answers the
 * model, online state and alarms of the last 30 days of a vessel whose owner set `mfrAccess`, and
 * nothing else; every other vessel, model or caller gets the 404 of a missing one. The models carry
 * their pictures, which load with a link key only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoBridges } from '../../fixtures/bridges.js';
import { applyRoutineAlert } from '../../src/modules/alerts/api.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
const tokens: Record<string, string> = {};
let seaBreeze: number;
let blueHorizon: number;
let azure62: number;
let azure50: number;

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  const { db } = t.database;
  await loadDemoBridges(db, t.config.sessionSecret);
  for (const who of ['owner', 'dealer', 'manufacturer', 'admin']) tokens[who] = await t.login(`${who}@demo.test`);
  seaBreeze = (await db('vessels').where({ name: 'Sea Breeze' }).first()).id;
  blueHorizon = (await db('vessels').where({ name: 'Blue Horizon' }).first()).id;
  azure62 = (await db('vessel_models').where({ name: 'Azure 62' }).first()).id;
  azure50 = (await db('vessel_models').where({ name: 'Azure 50' }).first()).id;
  const raised = await applyRoutineAlert(db, t.server.app.ctx.events, seaBreeze, 9999, { priority: 'alarm', message: 'Bilge pump running' }, Date.now());
  expect(raised).not.toBeNull();
});
afterAll(() => t.close());

const get = (url: string, who?: string) => t.call('GET', url, { token: who ? tokens[who] : undefined });
const detail = (modelId: number, vesselId: number, who: string) => get(`/api/vesselModels/${modelId}/vessels/${vesselId}`, who);

describe("a manufacturer's models", () => {
  it('carry their pictures, which load with a link key and never without', async () => {
    const models = (await get('/api/org/models', 'manufacturer')).body.data as Array<{ name: string; imageUrl: string | null; alarms: Record<string, number> }>;
    const model = models.find((m) => m.name === 'Azure 62')!;
    expect(model.imageUrl).toMatch(/^\/api\/files\/[\da-f-]{36}$/);
    expect(model.alarms.alarm).toBe(1);
    // An <img> sends no header: without a link key the picture is a 401, with one it is the PNG.
    expect((await t.server.inject({ method: 'GET', url: model.imageUrl! })).statusCode).toBe(401);
    const picture = await t.server.inject({ method: 'GET', url: await t.link(tokens.manufacturer, model.imageUrl!) });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    // The administrator's console loads the same picture the same way.
    const admin = (await get('/api/vesselModels', 'admin')).body.data.find((m: { name: string }) => m.name === 'Azure 62');
    expect((await t.server.inject({ method: 'GET', url: await t.link(tokens.admin, admin.imageUrl) })).statusCode).toBe(200);
  });
});

describe('a consenting vessel, opened by its manufacturer', () => {
  it('shows its model, online state and alarms of the last 30 days, and nothing of its owner, position or values', async () => {
    const res = await detail(azure62, seaBreeze, 'manufacturer');
    expect(res.status).toBe(200);
    const vessel = res.body.data;
    expect(Object.keys(vessel).sort()).toEqual(['alarmLog', 'alarms', 'id', 'lastSeen', 'model', 'name', 'online', 'since']);
    expect(vessel).toMatchObject({
      id: seaBreeze,
      name: 'Sea Breeze',
      model: { id: azure62, name: 'Azure 62', lengthM: 18.9, imageUrl: expect.stringMatching(/^\/api\/files\//) },
      online: expect.any(Boolean),
      alarms: { emergency: 0, alarm: 1, warning: 0, caution: 0 },
    });
    // The 30 days end now, on the server's clock.
    expect(Math.abs(Date.parse(vessel.since) - (t.server.app.ctx.clock.now() - 30 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    expect(vessel.alarmLog).toEqual([
      {
        id: expect.any(Number),
        priority: 'alarm',
        message: 'Bilge pump running',
        deviceName: null,
        propertyName: null,
        raisedAt: expect.any(String),
        clearedAt: null,
      },
    ]);
    expect((await detail(azure62, seaBreeze, 'admin')).status).toBe(200);
  });

  it('counts only the alarms of the last 30 days, on the server clock', async () => {
    const clock = t.server.app.ctx.clock;
    clock.set(Date.now() + 31 * 24 * 3600 * 1000);
    try {
      const vessel = (await detail(azure62, seaBreeze, 'manufacturer')).body.data;
      expect(vessel.alarmLog).toEqual([]);
      expect(vessel.alarms).toEqual({ emergency: 0, alarm: 0, warning: 0, caution: 0 });
    } finally {
      clock.reset();
    }
  });

  it('is a 404 like a missing vessel for a vessel without consent, of another model, or for anyone but the manufacturer', async () => {
    const missing = await detail(azure62, 999999, 'manufacturer');
    expect(missing.status).toBe(404);
    // Blue Horizon (Azure 50) has not consented; Sea Breeze is not an Azure 50.
    for (const [model, vessel] of [
      [azure50, blueHorizon],
      [azure50, seaBreeze],
    ]) {
      const res = await detail(model, vessel, 'manufacturer');
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    const notMine = await detail(999999, seaBreeze, 'manufacturer');
    for (const who of ['dealer', 'owner']) {
      const res = await detail(azure62, seaBreeze, who);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notMine.body);
    }
    expect((await get(`/api/vesselModels/${azure62}/vessels/${seaBreeze}`)).status).toBe(401);
    expect((await get(`/api/vesselModels/${azure62}/vessels/abc`, 'manufacturer')).status).toBe(400);
  });

  it('closes as soon as the owner withdraws consent', async () => {
    expect((await t.call('POST', `/api/vessel/${seaBreeze}/mfrAccess/false`, { token: tokens.owner })).status).toBe(200);
    try {
      expect((await detail(azure62, seaBreeze, 'manufacturer')).status).toBe(404);
    } finally {
      expect((await t.call('POST', `/api/vessel/${seaBreeze}/mfrAccess/true`, { token: tokens.owner })).status).toBe(200);
    }
    expect((await detail(azure62, seaBreeze, 'manufacturer')).status).toBe(200);
  });
});
