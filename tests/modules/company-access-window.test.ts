/**
 * Time-boxed, scoped company access: a grant starts and ends by itself on the server's clock
 * (moved by the test, never waited for), covers only the areas given, tells the owner when it is
 * first used, and every action under it names the company and the person in the vessel's log.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../src/platform/mail.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
const tokens: Record<string, string> = {};
const vessels: Record<string, number> = {};
const companies: Record<string, number> = {};
const DAY = 24 * 3600 * 1000;
const realNow = Date.now();

const at = (ms: number) => {
  t.server.app.ctx.clock.set(ms);
};
const get = (who: string, url: string) => t.call('GET', url, { token: tokens[who] });
const post = (who: string, url: string, payload?: unknown) => t.call('POST', url, { token: tokens[who], payload });
const companyRow = async (vesselId: number, companyId: number) =>
  (await get('owner2', `/api/vessel/${vesselId}/directory`)).body.data.find((m: { companyId?: number }) => m.companyId === companyId);
const mailsTo = async (to: string) => (await listOutbox(t.database.db, 200)).filter((m) => m.to === to);

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'owner2', 'contractor', 'dealer']) tokens[who] = await t.login(`${who}@demo.test`);
  for (const v of await t.database.db('vessels').select('id', 'name')) vessels[v.name] = v.id;
  for (const c of await t.database.db('companies').select('id', 'name')) companies[c.name] = c.id;
});
afterAll(() => t.close());

describe("the demo contractor's service job on Northern Star", () => {
  it('shows devices and alerts, and refuses documents, location history, users and the audit log', async () => {
    at(realNow);
    const id = vessels['Northern Star'];
    expect((await get('contractor', `/api/vessel/${id}`)).status).toBe(200);
    expect((await get('contractor', `/api/vessel/${id}/devices`)).status).toBe(200);
    expect((await get('contractor', `/api/vessel/${id}/alerts`)).status).toBe(200);
    for (const area of ['documents', 'locationHistory', 'directory', 'logs/all']) {
      const refused = await get('contractor', `/api/vessel/${id}/${area}`);
      expect(refused.status, area).toBe(403);
    }
    const row = await companyRow(id, companies['Harbour Marine Services']);
    expect(row).toMatchObject({ kind: 'company', window: 'current', permissions: { deviceManager: 'MANAGE', alertManager: 'MANAGE', documents: 'DENY' } });
    expect(Date.parse(row.startsAt)).toBeLessThan(realNow);
    expect(Date.parse(row.endsAt)).toBeGreaterThan(realNow + 14 * DAY);
  });

  it('tells the owner once, by e-mail, when the company first works on the vessel', async () => {
    await vi.waitFor(async () => expect(await mailsTo('owner2@demo.test')).toHaveLength(1));
    const [mail] = await mailsTo('owner2@demo.test');
    expect(mail.subject).toBe('Harbour Marine Services has started working on Northern Star');
    expect(mail.text).toContain('Cora Contractor (contractor@demo.test)');
    expect((await companyRow(vessels['Northern Star'], companies['Harbour Marine Services'])).firstUsedAt).not.toBeNull();

    expect((await get('contractor', `/api/vessel/${vessels['Northern Star']}/devices`)).status).toBe(200);
    expect(await mailsTo('owner2@demo.test')).toHaveLength(1);
  });

  it("records the company and the person with every action under the grant, in the vessel's log", async () => {
    const id = vessels['Northern Star'];
    expect((await post('contractor', `/api/vessel/${id}/alerts/silenceAll`)).status).toBe(200);
    const log = (await get('owner2', `/api/vessel/${id}/logs/all`)).body.data;
    const silenced = log.find((e: { action: string }) => e.action === 'POST /api/vessel/{id}/alerts/silenceAll');
    expect(silenced).toMatchObject({
      actorEmail: 'contractor@demo.test',
      details: { company: { id: companies['Harbour Marine Services'], name: 'Harbour Marine Services' } },
    });
    expect(log.find((e: { action: string }) => e.action === 'company access first used')).toMatchObject({
      actorEmail: 'contractor@demo.test',
      details: { company: { name: 'Harbour Marine Services' } },
    });
  });

  it('ends by itself: after the end the vessel is gone from every view, the fleet and the vessel list included', async () => {
    const id = vessels['Northern Star'];
    const { endsAt } = await companyRow(id, companies['Harbour Marine Services']);
    at(Date.parse(endsAt) - 1000);
    expect((await get('contractor', `/api/vessel/${id}/devices`)).status).toBe(200);
    expect((await get('contractor', '/api/org/fleet')).body.data.vessels.map((v: { id: number }) => v.id)).toContain(id);

    at(Date.parse(endsAt));
    for (const url of [`/api/vessel/${id}`, `/api/vessel/${id}/devices`, `/api/vessel/${id}/alerts`])
      expect((await get('contractor', url)).status, url).toBe(404);
    expect((await get('contractor', '/api/org/fleet')).body.data.vessels.map((v: { id: number }) => v.id)).not.toContain(id);
    expect((await get('contractor', '/api/vessel/basic')).body.data.map((v: { id: number }) => v.id)).not.toContain(id);
    expect(await companyRow(id, companies['Harbour Marine Services'])).toMatchObject({ window: 'expired' });
  });

  it('comes back when the owner extends it', async () => {
    const id = vessels['Northern Star'];
    const harbour = companies['Harbour Marine Services'];
    const endsAt = new Date(t.server.app.ctx.clock.now() + 7 * DAY).toISOString();
    const extended = await post('owner2', `/api/vessel/${id}/editCompany`, { companyId: harbour, endsAt });
    expect(extended.status).toBe(200);
    expect(extended.body.data).toMatchObject({ companyId: harbour, endsAt, permissions: { deviceManager: 'MANAGE' } });
    expect((await get('contractor', `/api/vessel/${id}/devices`)).status).toBe(200);
    at(realNow);
  });
});

describe('a grant that starts later', () => {
  it('gives nothing before its start and everything granted from it on', async () => {
    at(realNow);
    const id = vessels['Blue Horizon'];
    const harbour = companies['Harbour Marine Services'];
    const startsAt = new Date(realNow + 2 * DAY).toISOString();
    const endsAt = new Date(realNow + 5 * DAY).toISOString();
    const added = await post('owner', `/api/vessel/${id}/addCompany/${harbour}`, { permissions: { alertManager: 'VIEW' }, startsAt, endsAt });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      companyId: harbour,
      startsAt,
      endsAt,
      window: 'scheduled',
      permissions: { alertManager: 'VIEW', deviceManager: 'DENY' },
    });

    expect((await get('contractor', `/api/vessel/${id}/alerts`)).status).toBe(404);
    at(Date.parse(startsAt));
    expect((await get('contractor', `/api/vessel/${id}/alerts`)).status).toBe(200);
    expect((await get('contractor', `/api/vessel/${id}/devices`)).status).toBe(403);
    at(Date.parse(endsAt));
    expect((await get('contractor', `/api/vessel/${id}/alerts`)).status).toBe(404);
    at(realNow);
    expect((await post('owner', `/api/vessel/${id}/revokeCompany`, { companyId: harbour })).status).toBe(200);
  });

  it('refuses a window that ends before it starts or is already over, and dates that are not dates', async () => {
    at(realNow);
    const id = vessels['Blue Horizon'];
    const harbour = companies['Harbour Marine Services'];
    const backwards = await post('owner', `/api/vessel/${id}/addCompany/${harbour}`, {
      startsAt: new Date(realNow + 2 * DAY).toISOString(),
      endsAt: new Date(realNow + DAY).toISOString(),
    });
    expect(backwards.status).toBe(418);
    expect(backwards.body.message).toBe('The access must end after it starts');
    const over = await post('owner', `/api/vessel/${id}/addCompany/${harbour}`, { endsAt: new Date(realNow - DAY).toISOString() });
    expect(over.status).toBe(418);
    expect(over.body.message).toMatch(/revoke it/);
    const garbage = await post('owner', `/api/vessel/${id}/addCompany/${harbour}`, { endsAt: 'next tuesday' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toMatch(/endsAt/);
    expect(await companyRow(vessels['Northern Star'], harbour)).toBeDefined();
    expect((await get('owner', `/api/vessel/${id}/directory`)).body.data.some((m: { companyId?: number }) => m.companyId === harbour)).toBe(false);
  });

  it('lets a company with a window give access only within its own', async () => {
    at(realNow);
    const id = vessels['Blue Horizon'];
    const harbour = companies['Harbour Marine Services'];
    const riviera = companies['Riviera Yachts'];
    const ownEnd = new Date(realNow + 5 * DAY).toISOString();
    const given = await post('owner', `/api/vessel/${id}/addCompany/${harbour}`, {
      permissions: { allowGrantTechnicalAccess: true, userManager: 'MANAGE', alertManager: 'VIEW' },
      endsAt: ownEnd,
    });
    expect(given.status).toBe(200);

    const open = await post('contractor', `/api/vessel/${id}/addCompany/${riviera}`, { permissions: { alertManager: 'VIEW' } });
    expect(open.status).toBe(403);
    expect(open.body.message).toBe(`You cannot grant access beyond the end of your own (${ownEnd})`);
    const longer = await post('contractor', `/api/vessel/${id}/addCompany/${riviera}`, { endsAt: new Date(realNow + 10 * DAY).toISOString() });
    expect(longer.status).toBe(403);
    const within = await post('contractor', `/api/vessel/${id}/addCompany/${riviera}`, {
      permissions: { alertManager: 'VIEW' },
      endsAt: new Date(realNow + 3 * DAY).toISOString(),
    });
    expect(within.status).toBe(200);
    expect((await post('contractor', `/api/vessel/${id}/editCompany`, { companyId: riviera, endsAt: null })).status).toBe(403);

    for (const companyId of [riviera, harbour]) expect((await post('owner', `/api/vessel/${id}/revokeCompany`, { companyId })).status).toBe(200);
  });
});
