import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { lastMailTo, linkToken } from '../helpers/mail.js';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await createTestServer({ demo: true });
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const userId = async (email: string) =>
  (await t.call('GET', `/api/admin/users?q=${encodeURIComponent(email)}`, { token: admin })).body.data.content[0].id as number;

describe('admin users', () => {
  it('is for platform administrators only', async () => {
    const owner = await t.login('owner@demo.test');
    const res = await t.call('GET', '/api/admin/users', { token: owner });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, status: 403 });
    expect((await t.call('POST', '/api/admin/users', { token: owner, payload: { email: 'x@example.com', password: 'long-enough-pass' } })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/users')).status).toBe(401);
  });

  it('lists users paged and searchable', async () => {
    const page = await t.call('GET', '/api/admin/users?page=0&size=3&sort=email,asc', { token: admin });
    expect(page.body.data.content).toHaveLength(3);
    expect(page.body.data.totalElements).toBeGreaterThanOrEqual(8);
    expect(page.body.data.content[0].email).toBe('admin@demo.test');
    const search = await t.call('GET', '/api/admin/users?q=dealer', { token: admin });
    expect(search.body.data.content.map((u: { email: string }) => u.email).sort()).toEqual(['dealer2@demo.test', 'dealer@demo.test']);
    expect(JSON.stringify(search.body)).not.toMatch(/password|hash/i);
    expect((await t.call('GET', '/api/admin/users?size=500', { token: admin })).status).toBe(400);
  });

  it('creates users and refuses a duplicate e-mail with 409', async () => {
    const res = await t.call('POST', '/api/admin/users', {
      token: admin,
      payload: { email: 'Skipper@Example.com', password: 'a-long-password-1', firstName: 'Sam' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'skipper@example.com', status: 'active', isAdmin: false });
    const dup = await t.call('POST', '/api/admin/users', { token: admin, payload: { email: 'skipper@example.com', password: 'a-long-password-1' } });
    expect(dup.status).toBe(409);
    expect(await t.login('skipper@example.com', 'a-long-password-1')).toEqual(expect.any(String));
  });

  it('invites by e-mail: the invitee chooses a password through the link', async () => {
    const res = await t.call('POST', '/api/admin/users/invite?email=invitee@example.com', { token: admin });
    expect(res.body.data.status).toBe('pending');
    const token = linkToken((await lastMailTo(t.database.db, 'invitee@example.com'))!.text!, /token=([\w-]+)/);
    expect((await t.call('POST', '/api/register/resetPassword', { payload: { token, password: 'my-chosen-password' } })).status).toBe(200);
    expect(await t.login('invitee@example.com', 'my-chosen-password')).toEqual(expect.any(String));
  });

  it('makes and revokes admins', async () => {
    const id = await userId('owner2@demo.test');
    expect((await t.call('POST', `/api/admin/users/${id}/makeAdmin`, { token: admin })).body.data.isAdmin).toBe(true);
    const owner2 = await t.login('owner2@demo.test');
    expect((await t.call('GET', '/api/admin/users', { token: owner2 })).status).toBe(200);
    expect((await t.call('POST', `/api/admin/users/${id}/revokeAdmin`, { token: admin })).body.data.isAdmin).toBe(false);
    expect((await t.call('GET', '/api/admin/users', { token: owner2 })).status).toBe(403);
  });

  it('suspends a user: their existing session stops at once; activation lets them back in', async () => {
    const crew = await t.login('crew@demo.test');
    const id = await userId('crew@demo.test');
    expect((await t.call('POST', `/api/admin/users/${id}/suspend`, { token: admin })).body.data.status).toBe('suspended');
    expect((await t.call('GET', '/api/profile/details', { token: crew })).status).toBe(401);
    const login = await t.call('POST', '/api/auth/login', { payload: { username: 'crew@demo.test', password: 'vessel-link-demo' } });
    expect(login.status).toBe(401);
    expect(login.body.message).toMatch(/suspended/);
    await t.call('POST', `/api/admin/users/${id}/activate`, { token: admin });
    expect(await t.login('crew@demo.test')).toEqual(expect.any(String));
  });

  it('refuses to suspend, delete or demote oneself', async () => {
    const me = await userId('admin@demo.test');
    for (const action of ['suspend', 'revokeAdmin']) expect((await t.call('POST', `/api/admin/users/${me}/${action}`, { token: admin })).status).toBe(418);
    expect((await t.call('DELETE', `/api/admin/users/${me}`, { token: admin })).status).toBe(418);
  });

  it('changes a password (ending the user’s sessions) and deletes users', async () => {
    const id = await userId('skipper@example.com');
    const session = await t.login('skipper@example.com', 'a-long-password-1');
    expect((await t.call('POST', `/api/admin/users/${id}/changePassword`, { token: admin, payload: { password: 'set-by-the-admin' } })).status).toBe(200);
    expect((await t.call('GET', '/api/profile/details', { token: session })).status).toBe(401);
    expect(await t.login('skipper@example.com', 'set-by-the-admin')).toEqual(expect.any(String));
    expect((await t.call('DELETE', `/api/admin/users/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/admin/users/${id}`, { token: admin })).status).toBe(404);
  });
});

describe('audit trail', () => {
  it('records who did what to which target and how it ended, never the secrets', async () => {
    const page = await t.call('POST', '/api/admin/logs/page', {
      token: admin,
      payload: { page: 0, size: 200, sort: 'at,desc', filter: { action: 'POST /api/admin/users/{id}/changePassword' } },
    });
    expect(page.status).toBe(200);
    const entry = page.body.data.content[0];
    expect(entry).toMatchObject({ actorEmail: 'admin@demo.test', targetType: 'user', outcome: 200 });
    const everything = await t.call('GET', '/api/admin/logs?size=200', { token: admin });
    const text = JSON.stringify(everything.body);
    expect(text).not.toContain('set-by-the-admin');
    expect(text).not.toContain('vessel-link-demo');
    const failedLogins = await t.call('POST', '/api/admin/logs/page', { token: admin, payload: { filter: { action: 'POST /api/auth/login' }, size: 200 } });
    expect(failedLogins.body.data.content.some((e: { outcome: number }) => e.outcome === 401)).toBe(true);
  });

  it('pages with totalElements and refuses oversized pages', async () => {
    const trail = await t.call('GET', '/api/admin/auditTrail?page=0&size=2', { token: admin });
    expect(trail.body.data.content).toHaveLength(2);
    expect(trail.body.data.totalElements).toBeGreaterThan(2);
    expect((await t.call('POST', '/api/admin/logs/page', { token: admin, payload: { size: 201 } })).status).toBe(400);
  });

  it('leaves the routine session checks out of the trail on request', async () => {
    await t.call('POST', '/api/auth/checkSession', { token: admin });
    const actions = async (filter: Record<string, unknown>) =>
      ((await t.call('POST', '/api/admin/logs/page', { token: admin, payload: { filter, size: 200 } })).body.data.content as Array<{ action: string }>).map(
        (e) => e.action,
      );
    expect(await actions({})).toContain('POST /api/auth/checkSession');
    const quiet = await actions({ routine: false });
    expect(quiet).not.toContain('POST /api/auth/checkSession');
    expect(quiet).toContain('POST /api/auth/login');
  });

  it('lists every vessel with its owner, searched by name or owner, and those with active alerts', async () => {
    const page = async (filter: Record<string, unknown>) =>
      (await t.call('POST', '/api/admin/vessels/page', { token: admin, payload: { filter, size: 200 } })).body.data as {
        totalElements: number;
        content: Array<{ name: string; ownerEmail: string; activeAlertCount: number }>;
      };
    const all = await page({});
    expect(all.totalElements).toBe(
      await t.database
        .db('vessels')
        .count({ n: '*' })
        .first()
        .then((r) => Number(r?.n)),
    );
    expect(all.content.find((v) => v.name === 'Sea Breeze')).toMatchObject({ ownerEmail: 'owner@demo.test' });
    expect((await page({ q: 'breeze' })).content.map((v) => v.name)).toEqual(['Sea Breeze']);
    expect((await page({ q: 'owner2@demo.test' })).content.every((v) => v.ownerEmail === 'owner2@demo.test')).toBe(true);
    const alerting = await page({ alerting: true });
    expect(alerting.content.every((v) => v.activeAlertCount > 0)).toBe(true);
    expect(alerting.totalElements).toBe(all.content.filter((v) => v.activeAlertCount > 0).length);
    expect((await t.call('POST', '/api/admin/vessels/page', { token: await t.login('owner@demo.test'), payload: {} })).status).toBe(403);
  });

  it('pages the mail outbox without bodies and shows one mail with its text', async () => {
    await t.call('POST', '/api/admin/users/invite?email=outbox-reader@example.com', { token: admin });
    const page = await t.call('POST', '/api/admin/mail/page', { token: admin, payload: { filter: { q: 'outbox-reader' }, size: 5 } });
    expect(page.status).toBe(200);
    const [mail] = page.body.data.content;
    expect(page.body.data.totalElements).toBe(1);
    expect(mail).toMatchObject({ to: 'outbox-reader@example.com', delivery: 'outbox', error: null });
    expect(mail).not.toHaveProperty('text');
    const all = await t.call('POST', '/api/admin/mail/page', { token: admin, payload: { size: 2 } });
    expect(all.body.data.content).toHaveLength(2);
    expect(all.body.data.content[0].id).toBeGreaterThan(all.body.data.content[1].id);
    expect((await t.call('POST', '/api/admin/mail/page', { token: admin, payload: { filter: { delivery: 'failed' } } })).body.data.totalElements).toBe(0);
    const shown = await t.call('GET', `/api/admin/mail/${mail.id}`, { token: admin });
    expect(shown.body.data).toMatchObject({ id: mail.id, subject: mail.subject, text: expect.stringContaining('token=') });
    expect((await t.call('GET', '/api/admin/mail/999999', { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/api/admin/mail/${mail.id}`, { token: await t.login('owner@demo.test') })).status).toBe(403);
  });

  it("shows a company's staff and vessel grants, and a vessel's company grants", async () => {
    const companies = (await t.call('GET', '/api/admin/companies', { token: admin })).body.data as Array<{ id: number; name: string }>;
    const riviera = companies.find((c) => c.name === 'Riviera Yachts')!;
    const detail = await t.call('GET', `/api/admin/companies/${riviera.id}/detail`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.data.company).toMatchObject({ id: riviera.id, name: 'Riviera Yachts' });
    expect(detail.body.data.staff).toContainEqual(expect.objectContaining({ email: 'dealer@demo.test', status: 'active', role: expect.any(String) }));
    expect(detail.body.data.staff[0]).not.toHaveProperty('permissions');
    const grant = (detail.body.data.grants as Array<{ vesselId: number; vesselName: string; window: string }>).find((g) => g.vesselName === 'Sea Breeze');
    expect(grant).toMatchObject({ window: 'current', paused: false });
    const onVessel = await t.call('GET', `/api/admin/vessels/${grant!.vesselId}/companyGrants`, { token: admin });
    expect(onVessel.body.data).toContainEqual(
      expect.objectContaining({ companyId: riviera.id, companyName: 'Riviera Yachts', companyKind: 'dealer', window: 'current' }),
    );
    expect((await t.call('GET', '/api/admin/companies/999999/detail', { token: admin })).status).toBe(404);
    // Services due per company: what its own staff see.
    const due = await t.call('GET', `/api/admin/companies/${riviera.id}/servicesDue`, { token: admin });
    expect(due.status).toBe(200);
    expect(due.body.data).toEqual((await t.call('GET', '/api/org/servicesDue', { token: await t.login('dealer@demo.test') })).body.data);
    const owner = await t.login('owner@demo.test');
    expect((await t.call('GET', `/api/admin/companies/${riviera.id}/detail`, { token: owner })).status).toBe(403);
    expect((await t.call('GET', `/api/admin/vessels/${grant!.vesselId}/companyGrants`, { token: owner })).status).toBe(403);
    expect((await t.call('GET', `/api/admin/companies/${riviera.id}/servicesDue`, { token: owner })).status).toBe(403);
  });

  it('is for admins only', async () => {
    expect((await t.call('GET', '/api/admin/logs', { token: await t.login('owner@demo.test') })).status).toBe(403);
  });
});

describe('admin catalogue', () => {
  it('adds navigation components and languages', async () => {
    const nav = await t.call('POST', '/api/admin/navigationComponents', {
      token: admin,
      payload: { code: 'HELP', name: 'Help', path: '/dashboard/help', menuOrder: 95 },
    });
    expect(nav.status).toBe(200);
    const owner = await t.call('GET', '/api/profile/navigation', { token: await t.login('owner@demo.test') });
    expect(owner.body.data.at(-1).code).toBe('HELP');
    expect(
      (await t.call('POST', '/api/admin/navigationComponents', { token: admin, payload: { code: 'HELP', name: 'Help', path: '/x', menuOrder: 1 } })).status,
    ).toBe(409);
    expect((await t.call('POST', '/api/admin/userLanguages', { token: admin, payload: { code: 'sv', name: 'Svenska' } })).status).toBe(200);
    expect((await t.call('GET', '/api/utility/languages')).body.data).toContainEqual({ code: 'sv', name: 'Svenska' });
  });
});
