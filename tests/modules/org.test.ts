import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'dealer', 'dealer2', 'contractor', 'manufacturer']) tokens[who] = await t.login(`${who}@demo.test`);
});
afterAll(() => t.close());

const get = (url: string, who?: string) => t.call('GET', url, { token: who ? tokens[who] : undefined });
const companyId = async (kind: 'manufacturers' | 'dealers') => (await get(`/api/company/${kind}`, 'owner')).body.data[0].id as number;

describe('org/myOrganisation', () => {
  it('needs a session, and answers 404 to a person without a company', async () => {
    expect((await get('/api/org/myOrganisation')).status).toBe(401);
    const none = await get('/api/org/myOrganisation', 'owner');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ ok: false, status: 404 });
  });

  it('shows each caller their own company and its staff only', async () => {
    const dealer = await get('/api/org/myOrganisation', 'dealer');
    const contractor = await get('/api/org/myOrganisation', 'contractor');
    expect(dealer.body.data).toMatchObject({ name: 'Riviera Yachts', kind: 'dealer' });
    expect(contractor.body.data).toMatchObject({ name: 'Harbour Marine Services', kind: 'contractor' });
    expect(dealer.body.data.staff.map((s: { email: string }) => s.email).sort()).toEqual(['dealer2@demo.test', 'dealer@demo.test']);
    expect(contractor.body.data.staff.map((s: { email: string }) => s.email)).toEqual(['contractor@demo.test']);
  });
});

describe('org/currentUserPerms', () => {
  it('answers the caller’s own role: an admin manages staff, a staff member does not', async () => {
    expect((await get('/api/org/currentUserPerms', 'dealer')).body.data).toMatchObject({ role: 'admin', manageStaff: true, paused: false });
    expect((await get('/api/org/currentUserPerms', 'dealer2')).body.data).toMatchObject({ role: 'staff', manageStaff: false, viewClients: true });
  });

  it('needs a session and a company', async () => {
    expect((await get('/api/org/currentUserPerms')).status).toBe(401);
    expect((await get('/api/org/currentUserPerms', 'owner')).status).toBe(404);
  });
});

describe('company/manufacturers and company/dealers', () => {
  it('need a session', async () => {
    expect((await get('/api/company/manufacturers')).status).toBe(401);
    expect((await get('/api/company/dealers')).status).toBe(401);
  });

  it('list only companies of their kind, to any signed-in user', async () => {
    expect((await get('/api/company/manufacturers', 'dealer')).body.data).toEqual([expect.objectContaining({ name: 'Azure Yachts', kind: 'manufacturer' })]);
    expect((await get('/api/company/dealers', 'contractor')).body.data).toEqual([expect.objectContaining({ name: 'Riviera Yachts', kind: 'dealer' })]);
  });
});

describe('company/deviceManufacturers', () => {
  it('lists the makers of on-board devices by name with their NMEA 2000 code, to any signed-in user', async () => {
    expect((await get('/api/company/deviceManufacturers')).status).toBe(401);
    const makers: Array<{ code: number; name: string }> = (await get('/api/company/deviceManufacturers', 'owner')).body.data;
    expect(makers).toEqual(
      expect.arrayContaining([
        { code: 358, name: 'Victron Energy' },
        { code: 229, name: 'Garmin' },
      ]),
    );
    const names = makers.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });
});

describe('company/manufacturers/{id}/models', () => {
  it('needs a session', async () => {
    expect((await get(`/api/company/manufacturers/${await companyId('manufacturers')}/models`)).status).toBe(401);
  });

  it('answers another kind of company exactly like a missing one', async () => {
    const dealer = await get(`/api/company/manufacturers/${await companyId('dealers')}/models`, 'owner');
    const missing = await get('/api/company/manufacturers/99999/models', 'owner');
    expect(dealer.status).toBe(404);
    expect(dealer.body).toEqual(missing.body);
    expect((await get(`/api/company/manufacturers/${await companyId('manufacturers')}/models`, 'owner')).body.data).toHaveLength(3);
  });
});

describe('vesselModels', () => {
  it('need a session', async () => {
    expect((await get('/api/vesselModels')).status).toBe(401);
    expect((await get('/api/vesselModels/1')).status).toBe(401);
  });

  it('list every model and answer one by id, 404 for an unknown one', async () => {
    const all = await get('/api/vesselModels', 'manufacturer');
    expect(all.body.data.map((m: { name: string }) => m.name)).toEqual(['Azure 50', 'Azure 62', 'Azure 78']);
    expect((await get(`/api/vesselModels/${all.body.data[1].id}`, 'dealer')).body.data).toMatchObject({ name: 'Azure 62' });
    const missing = await get('/api/vesselModels/99999', 'dealer');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ ok: false, status: 404, message: 'Vessel model not found' });
  });
});
