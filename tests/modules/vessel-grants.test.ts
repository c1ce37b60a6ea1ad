/**
 * Every grant is bounded by what the granter holds, for companies as for members, and only the
 * owner or a holder of userManager MANAGE may touch company access at all (security issue
 * "Hold the line under attack": one test per reproduction).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
const tokens: Record<string, string> = {};
const vessels: Record<string, number> = {};
const companies: Record<string, number> = {};
let crewId: number;

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'owner2', 'crew', 'dealer', 'contractor']) tokens[who] = await t.login(`${who}@demo.test`);
  for (const v of (await t.call('GET', '/api/vessel/basic', { token: tokens.owner })).body.data) vessels[v.name] = v.id;
  for (const c of await t.database.db('companies').select('id', 'name')) companies[c.name] = c.id;
  crewId = (await t.call('GET', '/api/profile/details', { token: tokens.crew })).body.data.id;
});
afterAll(() => t.close());

const post = (who: string, url: string, payload?: unknown) => t.call('POST', url, { token: tokens[who], payload });

describe('a company given only allowGrantTechnicalAccess', () => {
  it('cannot raise itself, nor add, pause or revoke companies', async () => {
    const id = vessels['Blue Horizon'];
    const harbour = companies['Harbour Marine Services'];
    expect((await post('owner', `/api/vessel/${id}/addCompany/${harbour}`, { permissions: { allowGrantTechnicalAccess: true } })).status).toBe(200);

    const raised = await post('contractor', `/api/vessel/${id}/editCompany`, {
      companyId: harbour,
      permissions: { userManager: 'MANAGE', deviceManager: 'MANAGE' },
    });
    expect(raised.status).toBe(403);
    expect((await post('contractor', `/api/vessel/${id}/addCompany/${companies['Riviera Yachts']}`, { permissions: {} })).status).toBe(403);
    expect((await post('contractor', `/api/vessel/${id}/pauseCompany/${harbour}/false`)).status).toBe(403);
    expect((await post('contractor', `/api/vessel/${id}/revokeCompany`, { companyId: harbour })).status).toBe(403);

    const held = await t.call('GET', `/api/vessel/${id}/currentUserPerms`, { token: tokens.contractor });
    expect(held.body.data).toMatchObject({ userManager: 'DENY', deviceManager: 'DENY', allowGrantTechnicalAccess: true });
    await post('owner', `/api/vessel/${id}/revokeCompany`, { companyId: harbour });
  });
});

describe('a company with userManager MANAGE', () => {
  it('may manage company access, but never beyond what it holds, its own grant included', async () => {
    const id = vessels['Blue Horizon'];
    const harbour = companies['Harbour Marine Services'];
    await post('owner', `/api/vessel/${id}/addCompany/${harbour}`, {
      permissions: { allowGrantTechnicalAccess: true, userManager: 'MANAGE', deviceManager: 'VIEW' },
    });

    expect((await post('contractor', `/api/vessel/${id}/editCompany`, { companyId: harbour, permissions: { deviceManager: 'MANAGE' } })).status).toBe(403);
    expect((await post('contractor', `/api/vessel/${id}/addCompany/${companies['Riviera Yachts']}`, { permissions: { billingManager: 'VIEW' } })).status).toBe(
      403,
    );
    const within = await post('contractor', `/api/vessel/${id}/addCompany/${companies['Riviera Yachts']}`, { permissions: { deviceManager: 'VIEW' } });
    expect(within.status).toBe(200);
    expect(within.body.data.permissions).toMatchObject({ deviceManager: 'VIEW', billingManager: 'DENY' });
    expect((await t.call('GET', `/api/vessel/${id}/currentUserPerms`, { token: tokens.contractor })).body.data.deviceManager).toBe('VIEW');

    await post('owner', `/api/vessel/${id}/revokeCompany`, { companyId: companies['Riviera Yachts'] });
    await post('owner', `/api/vessel/${id}/revokeCompany`, { companyId: harbour });
  });
});

describe('a member granting companies', () => {
  it('needs userManager MANAGE as well as allowGrantTechnicalAccess', async () => {
    const id = vessels['Sea Breeze'];
    const harbour = companies['Harbour Marine Services'];
    await post('owner', `/api/vessel/${id}/editPermissions`, { userId: crewId, permissions: { allowGrantTechnicalAccess: true } });
    const refused = await post('crew', `/api/vessel/${id}/addCompany/${harbour}`, { permissions: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/userManager/);
  });

  it('cannot give a company more than they hold, on adding or editing', async () => {
    const id = vessels['Sea Breeze'];
    const harbour = companies['Harbour Marine Services'];
    await post('owner', `/api/vessel/${id}/editPermissions`, { userId: crewId, permissions: { allowGrantTechnicalAccess: true, userManager: 'MANAGE' } });
    // The crew member holds deviceManager VIEW.
    expect((await post('crew', `/api/vessel/${id}/addCompany/${harbour}`, { permissions: { deviceManager: 'MANAGE' } })).status).toBe(403);
    expect((await post('crew', `/api/vessel/${id}/addCompany/${harbour}`, { permissions: { allowEditVessel: true } })).status).toBe(403);
    expect((await post('crew', `/api/vessel/${id}/addCompany/${harbour}`, { permissions: { deviceManager: 'VIEW' } })).status).toBe(200);
    expect((await post('crew', `/api/vessel/${id}/editCompany`, { companyId: harbour, permissions: { billingManager: 'MANAGE' } })).status).toBe(403);
    // Lowering what the owner gave another company is within anyone's means.
    const dealer = companies['Riviera Yachts'];
    expect(
      (await post('crew', `/api/vessel/${id}/editCompany`, { companyId: dealer, permissions: { deviceManager: 'VIEW' } })).body.data.permissions,
    ).toMatchObject({ deviceManager: 'VIEW', alertManager: 'MANAGE' });
    expect((await post('crew', `/api/vessel/${id}/editCompany`, { companyId: dealer, permissions: { deviceManager: 'MANAGE' } })).status).toBe(403);
    expect((await post('crew', `/api/vessel/${id}/pauseCompany/${harbour}/true`)).status).toBe(200);
    expect((await post('crew', `/api/vessel/${id}/revokeCompany`, { companyId: harbour })).status).toBe(200);
  });

  it('leaves the owner unbounded', async () => {
    const id = vessels['Sea Breeze'];
    const dealer = companies['Riviera Yachts'];
    expect(
      (await post('owner', `/api/vessel/${id}/editCompany`, { companyId: dealer, permissions: { deviceManager: 'MANAGE', billingManager: 'MANAGE' } })).status,
    ).toBe(200);
  });
});

describe('another tenant', () => {
  it('gets the 404 of a missing vessel for company calls', async () => {
    const harbour = companies['Harbour Marine Services'];
    const theirs = await post('owner2', `/api/vessel/${vessels['Sea Breeze']}/addCompany/${harbour}`, { permissions: {} });
    const missing = await post('owner2', `/api/vessel/999999/addCompany/${harbour}`, { permissions: {} });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });
});
