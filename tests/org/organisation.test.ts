/**
 * The organisation API (docs/api.md, "Organisation"): clients, staff, relationships, contacts,
 * invitations that expire, and the company fleet, each with its permission rules; another
 * company's objects answer exactly like missing ones (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { listOutbox } from '../../src/platform/mail.js';
import { lastMailTo } from '../helpers/mail.js';

let t: TestServer;
const tokens: Record<string, string> = {};
const DAY = 24 * 3600 * 1000;
beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'owner2', 'crew', 'dealer', 'dealer2', 'contractor', 'manufacturer', 'admin']) tokens[who] = await t.login(`${who}@demo.test`);
});
afterAll(() => t.close());

const call = (method: string, url: string, who?: string, payload?: unknown) => t.call(method, url, { token: who ? tokens[who] : undefined, payload });
const get = (url: string, who?: string) => call('GET', url, who);
const post = (url: string, who?: string, payload?: unknown) => call('POST', url, who, payload);
const del = (url: string, who?: string) => call('DELETE', url, who);
const vesselId = async (name: string) => (await t.database.db('vessels').where({ name }).first()).id as number;
const staffId = async (email: string) =>
  ((await get('/api/org/staff', 'dealer')).body.data as Array<{ id: number; email: string }>).find((s) => s.email === email)!.id;
const clock = () => t.server.app.ctx.clock;

describe('org/permissions and currentUserPerms', () => {
  it('lists the staff permissions with what each allows', async () => {
    expect((await get('/api/org/permissions')).status).toBe(401);
    const res = await get('/api/org/permissions', 'dealer2');
    expect(res.body.data.permissions.map((p: { name: string }) => p.name)).toEqual([
      'manageStaff',
      'manageClients',
      'manageRelationships',
      'useTechnicalAccess',
      'seeBilling',
    ]);
  });

  it('answers each member their own permissions: an administrator holds all, a staff member the defaults', async () => {
    expect((await get('/api/org/currentUserPerms', 'dealer')).body.data).toMatchObject({ role: 'admin', manageClients: true, seeBilling: true });
    expect((await get('/api/org/currentUserPerms', 'dealer2')).body.data).toMatchObject({ role: 'staff', manageClients: false, useTechnicalAccess: true });
  });
});

describe('clients', () => {
  it('a private person has no organisation area (404), a staff member without manageClients cannot add (403)', async () => {
    expect((await get('/api/org/clients', 'owner')).status).toBe(404);
    expect((await post('/api/org/clients/add?email=someone@example.com', 'owner')).status).toBe(404);
    const refused = await post('/api/org/clients/add?email=someone@example.com', 'dealer2');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('manageClients');
    expect((await post('/api/org/clients/add?email=not-an-email', 'dealer')).status).toBe(400);
  });

  it('adds a client by e-mail: the invitee is mailed, sees the invitation and accepts it; then the dealer sees their details and vessels', async () => {
    const added = await post('/api/org/clients/add?email=owner@demo.test', 'dealer');
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ email: 'owner@demo.test', status: 'pending', firstName: '' });
    expect((await lastMailTo(t.database.db, 'owner@demo.test'))?.subject).toContain('Riviera Yachts invites you to be their client');
    const mails = async () => (await listOutbox(t.database.db, 500)).filter((m) => m.to === 'owner@demo.test').length;
    const before = await mails();
    expect((await post('/api/org/clients/add?email=owner@demo.test', 'dealer')).status).toBe(409);
    expect(await mails()).toBe(before);

    // Nobody else can answer the invitation.
    const invitation = (await get('/api/org/invitations', 'owner')).body.data[0];
    expect(invitation).toMatchObject({ kind: 'client', company: { name: 'Riviera Yachts' } });
    expect((await post(`/api/org/invitations/client/${invitation.id}/accept`, 'owner2')).status).toBe(404);
    expect((await post(`/api/org/invitations/client/${invitation.id}/accept`, 'owner')).body.data).toMatchObject({ status: 'active' });
    expect((await get('/api/org/invitations', 'owner')).body.data).toEqual([]);

    const details = await get(`/api/org/clients/${added.body.data.id}/details`, 'dealer2');
    expect(details.body.data).toMatchObject({ status: 'active', firstName: 'Olivia', vesselCount: 2 });
    const vessels = await get(`/api/org/clients/${added.body.data.id}/vessels`, 'dealer2');
    expect(vessels.body.data).toEqual([
      { id: await vesselId('Blue Horizon'), name: 'Blue Horizon', companyAccess: false },
      { id: await vesselId('Sea Breeze'), name: 'Sea Breeze', companyAccess: true },
    ]);
  });

  it('answers another company’s client exactly like a missing one', async () => {
    const client = (await get('/api/org/clients', 'dealer')).body.data[0];
    for (const path of ['details', 'vessels', 'notes']) {
      const other = await get(`/api/org/clients/${client.id}/${path}`, 'contractor');
      const missing = await get(`/api/org/clients/99999/${path}`, 'contractor');
      expect(other.status).toBe(404);
      expect(other.body).toEqual(missing.body);
    }
    expect((await post(`/api/org/clients/${client.id}/notes`, 'contractor', { messageText: 'x' })).status).toBe(404);
    expect((await del(`/api/org/clients/${client.id}`, 'contractor')).status).toBe(404);
  });

  it('keeps notes: any staff member writes, the author or a client manager deletes', async () => {
    const client = (await get('/api/org/clients', 'dealer')).body.data[0];
    expect((await post(`/api/org/clients/${client.id}/notes`, 'dealer2', { messageText: '' })).status).toBe(400);
    const byDealer = (await post(`/api/org/clients/${client.id}/notes`, 'dealer', { messageText: 'Prefers calls in the morning' })).body.data;
    const byDealer2 = (await post(`/api/org/clients/${client.id}/notes`, 'dealer2', { messageText: 'Antifouling due in March' })).body.data;
    expect(byDealer2).toMatchObject({ messageText: 'Antifouling due in March', authorName: 'Dev Dealer' });
    const notes = (await get(`/api/org/clients/${client.id}/notes`, 'dealer2')).body.data;
    expect(notes.map((n: { messageText: string }) => n.messageText)).toEqual(['Antifouling due in March', 'Prefers calls in the morning']);
    expect((await del(`/api/org/clients/${client.id}/notes/${byDealer.id}`, 'dealer2')).status).toBe(403);
    expect((await del(`/api/org/clients/${client.id}/notes/${byDealer.id}`, 'contractor')).status).toBe(404);
    expect((await del(`/api/org/clients/${client.id}/notes/${byDealer2.id}`, 'dealer2')).status).toBe(200);
    expect((await del(`/api/org/clients/${client.id}/notes/${byDealer.id}`, 'dealer')).status).toBe(200);
    expect((await get(`/api/org/clients/${client.id}/notes`, 'dealer')).body.data).toEqual([]);
  });

  it('an invitation expires after 14 days; resending renews it', async () => {
    const start = Date.now();
    const added = (await post('/api/org/clients/add?email=owner2@demo.test', 'dealer')).body.data;
    const invitation = (await get('/api/org/invitations', 'owner2')).body.data[0];
    clock().set(start + 14 * DAY + 1000);
    try {
      expect((await get(`/api/org/clients/${added.id}/details`, 'dealer')).body.data.status).toBe('expired');
      expect((await get('/api/org/invitations', 'owner2')).body.data).toEqual([]);
      const late = await post(`/api/org/invitations/client/${invitation.id}/accept`, 'owner2');
      expect(late.status).toBe(418);
      expect(late.body.message).toContain('expired');
      expect((await post(`/api/org/clients/resendInvite?clientId=${added.id}`, 'dealer2')).status).toBe(403);
      expect((await post(`/api/org/clients/resendInvite?clientId=${added.id}`, 'dealer')).body.data.status).toBe('pending');
      expect((await post(`/api/org/invitations/client/${invitation.id}/accept`, 'owner2')).body.data.status).toBe('active');
    } finally {
      clock().reset();
    }
  });

  it('unlinks a client in two steps: the first call e-mails a code, the second carries it', async () => {
    const client = ((await get('/api/org/clients', 'dealer')).body.data as Array<{ id: number; email: string }>).find((c) => c.email === 'owner2@demo.test')!;
    expect((await del(`/api/org/clients/${client.id}`, 'dealer2')).status).toBe(403);
    expect((await del(`/api/org/clients/${client.id}`, 'dealer')).body.data).toEqual({ codeSent: true });
    const code = /is:\n\n(\w+)/.exec((await lastMailTo(t.database.db, 'dealer@demo.test'))!.text ?? '')![1];
    expect((await del(`/api/org/clients/${client.id}?code=WRONG123`, 'dealer')).status).toBe(418);
    expect((await del(`/api/org/clients/${client.id}?code=${code}`, 'dealer')).body.data).toEqual({ id: client.id, deleted: true });
    expect((await get(`/api/org/clients/${client.id}/details`, 'dealer')).status).toBe(404);
  });
});

describe('staff', () => {
  it('only a member with manageStaff invites; the invitee accepts and joins with the default permissions', async () => {
    expect((await post('/api/org/inviteStaff?email=crew@demo.test', 'dealer2')).status).toBe(403);
    expect((await post('/api/org/inviteStaff?email=contractor@demo.test', 'dealer')).status).toBe(409);
    // A refused invitation mails nobody.
    expect(await lastMailTo(t.database.db, 'contractor@demo.test')).toBeNull();
    const invited = (await post('/api/org/inviteStaff?email=crew@demo.test', 'dealer')).body.data;
    expect(invited).toMatchObject({ email: 'crew@demo.test', status: 'pending', role: 'staff' });
    expect((await lastMailTo(t.database.db, 'crew@demo.test'))?.subject).toContain('join its staff');
    expect((await post(`/api/org/resendInvite?id=${invited.id}`, 'dealer')).body.data.status).toBe('pending');
    const invitation = (await get('/api/org/invitations', 'crew')).body.data[0];
    expect(invitation).toMatchObject({ kind: 'staff', company: { name: 'Riviera Yachts' } });
    expect((await post(`/api/org/invitations/staff/${invitation.id}/accept`, 'crew')).status).toBe(200);
    expect((await get('/api/org/myOrganisation', 'crew')).body.data.name).toBe('Riviera Yachts');
    expect((await get('/api/org/currentUserPerms', 'crew')).body.data).toMatchObject({ role: 'staff', manageStaff: false, useTechnicalAccess: true });
  });

  it('the platform administrator invites a new company its first administrator, who can then invite staff', async () => {
    const company = (await post('/api/admin/companies/contractor', 'admin', { name: 'Quay Rigging' })).body.data;
    expect((await post(`/api/admin/companies/${company.id}/administrator?email=rigger@example.com`, 'owner')).status).toBe(403);
    const invited = await post(`/api/admin/companies/${company.id}/administrator?email=rigger@example.com`, 'admin');
    expect(invited.status).toBe(200);
    expect((await lastMailTo(t.database.db, 'rigger@example.com'))?.subject).toBe('Vessel Link: you are invited to run Quay Rigging');
    // One first administrator: the next is theirs to invite.
    expect((await post(`/api/admin/companies/${company.id}/administrator?email=other@example.com`, 'admin')).status).toBe(418);
    expect((await post('/api/admin/companies/999999/administrator?email=other@example.com', 'admin')).status).toBe(404);
    const row = await t.database.db('company_staff').where({ company_id: company.id }).first();
    expect(row).toMatchObject({ role: 'admin', status: 'pending' });
  });

  it('a staff invitation expires after 14 days', async () => {
    const start = Date.now();
    const invited = (await post('/api/org/inviteStaff?email=newhire@example.com', 'dealer')).body.data;
    clock().set(start + 15 * DAY);
    try {
      expect(((await get('/api/org/staff', 'dealer')).body.data as Array<{ id: number; status: string }>).find((s) => s.id === invited.id)?.status).toBe(
        'expired',
      );
    } finally {
      clock().reset();
    }
  });

  it('edits permissions: a member given manageClients may add clients; nobody edits themselves or an administrator', async () => {
    const id = await staffId('dealer2@demo.test');
    expect((await post('/api/org/editStaffMember', 'dealer2', { staffId: id, permissions: { manageClients: true } })).status).toBe(403);
    expect((await post('/api/org/editStaffMember', 'dealer', { staffId: id, permissions: { flying: true } })).status).toBe(400);
    const edited = await post('/api/org/editStaffMember', 'dealer', { staffId: id, permissions: { manageClients: true } });
    expect(edited.body.data.permissions).toMatchObject({ manageClients: true, manageStaff: false, useTechnicalAccess: true });
    expect((await post('/api/org/clients/add?email=client3@example.com', 'dealer2')).status).toBe(200);
    expect((await post('/api/org/editStaffMember', 'dealer', { staffId: await staffId('dealer@demo.test'), permissions: { seeBilling: false } })).status).toBe(
      418,
    );
    expect((await post(`/api/org/pause/${await staffId('dealer@demo.test')}/true`, 'dealer')).status).toBe(418);
    expect((await post(`/api/org/pause/${id}/true`, 'contractor')).status).toBe(404);
  });

  it('a paused member loses the company’s vessels at once and gets them back on resuming; one without useTechnicalAccess never reaches them', async () => {
    const seaBreeze = await vesselId('Sea Breeze');
    const id = await staffId('dealer2@demo.test');
    expect((await get(`/api/vessel/${seaBreeze}`, 'dealer2')).status).toBe(200);
    expect((await post(`/api/org/pause/${id}/true`, 'dealer')).body.data.paused).toBe(true);
    expect((await get(`/api/vessel/${seaBreeze}`, 'dealer2')).status).toBe(403);
    expect((await get('/api/org/clients', 'dealer2')).status).toBe(403);
    expect((await post(`/api/org/pause/${id}/false`, 'dealer')).body.data.paused).toBe(false);
    expect((await get(`/api/vessel/${seaBreeze}`, 'dealer2')).status).toBe(200);
    await post('/api/org/editStaffMember', 'dealer', { staffId: id, permissions: { useTechnicalAccess: false } });
    expect((await get(`/api/vessel/${seaBreeze}`, 'dealer2')).status).toBe(404);
    expect((await get('/api/org/fleet', 'dealer2')).status).toBe(403);
    await post('/api/org/editStaffMember', 'dealer', { staffId: id, permissions: { useTechnicalAccess: true } });
  });

  it('a removed member loses the company at once, with the session they hold', async () => {
    const seaBreeze = await vesselId('Sea Breeze');
    const id = await staffId('crew@demo.test');
    expect((await post(`/api/org/removeStaff/${id}`, 'dealer2')).status).toBe(403);
    expect((await post(`/api/org/removeStaff/${id}`, 'dealer')).body.data).toEqual({ id, deleted: true });
    expect((await get('/api/org/myOrganisation', 'crew')).status).toBe(404);
    // crew keeps their own membership of Sea Breeze (the owner's invitation), not the company's.
    expect((await get(`/api/vessel/${seaBreeze}`, 'crew')).body.data.role).toBe('member');
    expect((await post(`/api/org/removeStaff/${id}`, 'dealer')).status).toBe(404);
  });
});

describe('invitation limits', () => {
  it('a member sends at most 30 invitations an hour (429 after)', async () => {
    const dealer2 = (await get('/api/org/currentUserPerms', 'dealer2')).body.data;
    const { id } = await t.database.db('users').where({ email: 'dealer2@demo.test' }).first('id');
    await t.server.app.ctx.limits.limiter('org.invitations', { points: 30, windowSeconds: 3600 }).reset(String(id));
    expect(dealer2.manageClients).toBe(true);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post(`/api/org/clients/add?email=bulk${i}@example.com`, 'dealer2')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('relationships and contacts', () => {
  it('one company asks, the other accepts; either may end it; a third company sees nothing', async () => {
    const contractorId = (await get('/api/org/myOrganisation', 'contractor')).body.data.id;
    expect((await post(`/api/org/relationships/create?companyId=${contractorId}`, 'dealer2')).status).toBe(403);
    expect((await post('/api/org/relationships/create?companyId=99999', 'dealer')).status).toBe(404);
    const created = (await post(`/api/org/relationships/create?companyId=${contractorId}`, 'dealer')).body.data;
    expect(created).toMatchObject({ status: 'pending', direction: 'outgoing', company: { name: 'Harbour Marine Services' } });
    expect((await post(`/api/org/relationships/create?companyId=${contractorId}`, 'dealer')).status).toBe(409);
    expect((await get('/api/org/relationships', 'contractor')).body.data[0]).toMatchObject({
      id: created.id,
      direction: 'incoming',
      company: { name: 'Riviera Yachts' },
    });
    expect((await post(`/api/org/relationships/${created.id}/accept`, 'dealer')).status).toBe(418);
    expect((await post(`/api/org/relationships/${created.id}/accept`, 'manufacturer')).status).toBe(404);
    expect((await del(`/api/org/relationships/${created.id}/remove`, 'manufacturer')).status).toBe(404);
    expect((await post(`/api/org/relationships/${created.id}/accept`, 'contractor')).body.data.status).toBe('accepted');

    const contacts = (await get('/api/org/contacts', 'dealer')).body.data;
    expect(Object.keys(contacts).sort()).toEqual(['clients', 'contractors', 'dealers', 'manufacturers', 'staff']);
    expect(contacts.contractors.map((c: { name: string }) => c.name)).toEqual(['Harbour Marine Services']);
    expect(contacts.manufacturers.map((c: { name: string }) => c.name)).toEqual(['Azure Yachts']);
    expect(contacts.clients.map((c: { email: string }) => c.email)).toEqual(['owner@demo.test']);
    expect(contacts.staff.map((c: { email: string }) => c.email).sort()).toEqual(['dealer2@demo.test', 'dealer@demo.test']);
    expect((await get('/api/org/contacts', 'contractor')).body.data.dealers.map((c: { name: string }) => c.name)).toEqual(['Riviera Yachts']);

    expect((await del(`/api/org/relationships/${created.id}/remove`, 'contractor')).status).toBe(200);
    expect((await get('/api/org/contacts', 'dealer')).body.data.contractors).toEqual([]);
    expect((await get('/api/org/contacts', 'owner')).status).toBe(404);
  });
});

describe('the company fleet', () => {
  it('shows each company the vessels owners let it reach, with state and alarms; a private person has none', async () => {
    const dealer = (await get('/api/org/fleet', 'dealer')).body.data;
    expect(dealer.vessels.map((v: { name: string }) => v.name)).toEqual(['Sea Breeze']);
    expect(dealer.vessels[0]).toMatchObject({ ownerName: 'Olivia Owner', bannerState: 'NOT_PAIRED', online: false, activeAlertCount: 0, paused: false });
    // What the owner let the company do there (the demo's technician grant).
    expect(dealer.vessels[0].permissions).toMatchObject({ deviceManager: 'MANAGE', allowDeviceControl: true, billingManager: 'DENY' });
    expect(dealer.staff.map((s: { email: string }) => s.email).sort()).toEqual(['dealer2@demo.test', 'dealer@demo.test']);
    expect((await get('/api/org/fleet', 'contractor')).body.data.vessels.map((v: { name: string }) => v.name)).toEqual(['Northern Star']);
    expect((await get('/api/org/fleet', 'owner')).status).toBe(404);
  });

  it('shows a vessel the owner paused as paused', async () => {
    const seaBreeze = await vesselId('Sea Breeze');
    const dealerId = (await get('/api/org/myOrganisation', 'dealer')).body.data.id;
    expect((await post(`/api/vessel/${seaBreeze}/pauseCompany/${dealerId}/true`, 'owner')).status).toBe(200);
    expect((await get('/api/org/fleet', 'dealer')).body.data.vessels[0].paused).toBe(true);
    await post(`/api/vessel/${seaBreeze}/pauseCompany/${dealerId}/false`, 'owner');
  });
});

describe('manufacturers', () => {
  it('see the vessels built on their models only where the owners consented', async () => {
    const models = (await get('/api/vesselModels', 'manufacturer')).body.data as Array<{ id: number; name: string }>;
    const azure62 = models.find((m) => m.name === 'Azure 62')!.id;
    // The demo's Sea Breeze consents; without consent the manufacturer sees nothing.
    expect((await post(`/api/vessel/${await vesselId('Sea Breeze')}/mfrAccess/false`, 'owner')).status).toBe(200);
    expect((await get(`/api/vesselModels/${azure62}/vessels`, 'manufacturer')).body.data).toEqual([]);
    expect((await post(`/api/vessel/${await vesselId('Sea Breeze')}/mfrAccess/true`, 'owner')).status).toBe(200);
    const vessels = (await get(`/api/vesselModels/${azure62}/vessels`, 'manufacturer')).body.data;
    expect(vessels).toEqual([expect.objectContaining({ name: 'Sea Breeze', alarms: { emergency: 0, alarm: 0, warning: 0, caution: 0 } })]);
    for (const who of ['dealer', 'owner']) {
      const other = await get(`/api/vesselModels/${azure62}/vessels`, who);
      expect(other.status).toBe(404);
      expect(other.body).toEqual((await get('/api/vesselModels/99999/vessels', who)).body);
    }
    expect((await get(`/api/vesselModels/${azure62}/vessels`, 'admin')).body.data).toHaveLength(1);
  });

  it('see their models with the consenting vessels and the alarms of the last 30 days per priority', async () => {
    const stats = (await get('/api/org/models', 'manufacturer')).body.data;
    expect(stats.map((s: { name: string; vesselCount: number }) => [s.name, s.vesselCount])).toEqual([
      ['Azure 50', 0],
      ['Azure 62', 1],
      ['Azure 78', 0],
    ]);
    expect((await get('/api/org/models', 'dealer')).status).toBe(404);
  });
});
