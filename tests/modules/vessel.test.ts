import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { lastMailTo, linkToken } from '../helpers/mail.js';

let t: TestServer;
const tokens: Record<string, string> = {};
const vessels: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'owner2', 'crew', 'dealer', 'contractor', 'admin']) tokens[who] = await t.login(`${who}@demo.test`);
  for (const v of (await t.call('GET', '/api/vessel/basic', { token: tokens.owner })).body.data) vessels[v.name] = v.id;
  for (const v of (await t.call('GET', '/api/vessel/basic', { token: tokens.owner2 })).body.data) vessels[v.name] = v.id;
});
afterAll(() => t.close());

const names = (res: { body: { data: Array<{ name: string }> } }) => res.body.data.map((v) => v.name).sort();

describe('the fleet', () => {
  it('shows each user exactly the vessels they may see, with their role', async () => {
    const owner = await t.call('GET', '/api/vessel/basic', { token: tokens.owner });
    expect(names(owner)).toEqual(['Blue Horizon', 'Sea Breeze']);
    expect(owner.body.data[0]).toMatchObject({
      role: 'owner',
      reportingClient: null,
      online: false,
      bannerState: 'NOT_PAIRED',
      vesselSubscription: { valid: true },
      activeAlertCount: 0,
    });
    expect(names(await t.call('GET', '/api/vessel/basic', { token: tokens.crew }))).toEqual(['Sea Breeze']);
    const dealer = await t.call('GET', '/api/vessel/basic', { token: tokens.dealer });
    expect(dealer.body.data).toEqual([expect.objectContaining({ name: 'Sea Breeze', role: 'company' })]);
    expect(names(await t.call('GET', '/api/vessel/basic', { token: tokens.owner2 }))).toEqual(['Northern Star']);
    expect((await t.call('GET', '/api/vessel/basic', { token: tokens.admin })).body.data).toEqual([]);
  });

  it('answers 404, not 403, for another tenant’s vessel', async () => {
    for (const url of [
      `/api/vessel/${vessels['Sea Breeze']}`,
      `/api/vessel/${vessels['Sea Breeze']}/currentUserPerms`,
      `/api/vessel/${vessels['Sea Breeze']}/directory`,
    ]) {
      const res = await t.call('GET', url, { token: tokens.owner2 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Vessel not found');
    }
    expect((await t.call('GET', '/api/vessel/999999', { token: tokens.owner2 })).body).toEqual(
      (await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}`, { token: tokens.owner2 })).body,
    );
    expect((await t.call('PUT', `/api/vessel/${vessels['Sea Breeze']}`, { token: tokens.owner2, payload: { name: 'Stolen' } })).status).toBe(404);
  });

  it('gives the crew member their limited permission set', async () => {
    const [seaBreeze] = (await t.call('GET', '/api/vessel/basic', { token: tokens.crew })).body.data;
    expect(seaBreeze.activeAlertCount).toBe(0);
    const perms = await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}/currentUserPerms`, { token: tokens.crew });
    expect(perms.body.data).toMatchObject({
      deviceManager: 'VIEW',
      alertManager: 'VIEW',
      userManager: 'DENY',
      billingManager: 'DENY',
      allowDeviceControl: true,
      allowEditVessel: false,
    });
    expect((await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}/directory`, { token: tokens.crew })).status).toBe(403);
  });

  it('names the banner state in the spec’s precedence', async () => {
    const northern = (await t.call('GET', `/api/vessel/${vessels['Northern Star']}`, { token: tokens.owner2 })).body.data;
    expect(northern.vesselSubscription.valid).toBe(false);
    expect(northern.bannerState).toBe('NOT_PAIRED');
  });
});

describe('creating and editing vessels', () => {
  it('creates a vessel owned by the caller and lets only permitted users edit it', async () => {
    const created = await t.call('POST', '/api/vessel/create', { token: tokens.owner2, payload: { name: 'Second Wind', groupName: 'Solent', homePort: '' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Second Wind',
      role: 'owner',
      homePort: null,
      permissions: expect.objectContaining({ userManager: 'MANAGE' }),
    });
    const id = created.body.data.id;
    const edited = await t.call('PUT', `/api/vessel/${id}/`, { token: tokens.owner2, payload: { name: 'Second Wind II' } });
    expect(edited.body.data.name).toBe('Second Wind II');
    expect((await t.call('PUT', `/api/vessel/${vessels['Sea Breeze']}`, { token: tokens.crew, payload: { name: 'Mine now' } })).status).toBe(403);
    expect((await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}`, { token: tokens.owner })).body.data.name).toBe('Sea Breeze');
  });

  it('validates the fields', async () => {
    expect((await t.call('POST', '/api/vessel/create', { token: tokens.owner2, payload: { name: '' } })).body.message).toMatch(/name/);
    expect((await t.call('POST', '/api/vessel/create', { token: tokens.owner2, payload: { name: 'X', modelId: 424242 } })).body.message).toMatch(/modelId/);
    expect((await t.call('POST', '/api/vessel/create', { token: tokens.owner2, payload: { name: 'X', colour: 'red' } })).status).toBe(400);
  });

  it('creates with an image and refuses a non-image', async () => {
    const boundary = 'b0undary';
    const body = (file: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nPicture Boat\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="boat.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]);
    const ok = await t.call('POST', '/api/vessel/createWithImage', { token: tokens.owner2, payload: body(jpeg), headers });
    expect(ok.status).toBe(200);
    // The picture is served through the vessel, so the link is only as good as the caller's access.
    expect(ok.body.data.imageUrl).toBe(`/api/vessel/${ok.body.data.id}/image`);
    const picture = await t.server.inject(await t.link(tokens.owner2, ok.body.data.imageUrl));
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.rawPayload.equals(jpeg)).toBe(true);
    const bad = await t.call('POST', '/api/vessel/createWithImage', {
      token: tokens.owner2,
      payload: body(Buffer.from('%PDF-1.4 definitely not a picture')),
      headers,
    });
    expect(bad.status).toBe(415);
    expect(names(await t.call('GET', '/api/vessel/basic', { token: tokens.owner2 })).filter((n: string) => n === 'Picture Boat')).toHaveLength(1);
  });

  it('changes settings toggles only with allowEditVessel', async () => {
    expect((await t.call('POST', `/api/vessel/${vessels['Sea Breeze']}/gpsReporting/false`, { token: tokens.owner })).body.data).toEqual({
      gpsReporting: false,
    });
    expect((await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}`, { token: tokens.owner })).body.data.settings.gpsReporting).toBe(false);
    expect((await t.call('POST', `/api/vessel/${vessels['Sea Breeze']}/gpsReporting/true`, { token: tokens.crew })).status).toBe(403);
    expect((await t.call('POST', `/api/vessel/${vessels['Sea Breeze']}/gpsReporting/maybe`, { token: tokens.owner })).status).toBe(400);
  });
});

describe('members and invitations', () => {
  it('invites by e-mail; the invitee accepts and then sees the vessel', async () => {
    const id = vessels['Blue Horizon'];
    const invited = await t.call('POST', `/api/vessel/${id}/addUser?email=owner2@demo.test`, { token: tokens.owner });
    expect(invited.body.data.pending).toBe(true);
    expect(await lastMailTo(t.database.db, 'owner2@demo.test')).toMatchObject({ subject: expect.stringContaining('Blue Horizon') });
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.owner2 })).status).toBe(404);
    expect((await t.call('GET', '/api/vessel/pending', { token: tokens.owner2 })).body.data).toEqual([
      expect.objectContaining({ vesselId: id, vesselName: 'Blue Horizon' }),
    ]);
    expect((await t.call('POST', `/api/vessel/${id}/acceptInvite`, { token: tokens.owner2 })).status).toBe(200);
    const joined = (await t.call('GET', `/api/vessel/${id}`, { token: tokens.owner2 })).body.data;
    expect(joined.permissions.deviceManager).toBe('DENY');
    // Without alertManager the member does not even learn how many alerts there are.
    expect(joined.activeAlertCount).toBeNull();
    const mailsBefore = (await t.database.db('mail_outbox').count<{ n: number }[]>({ n: '*' }).first())?.n;
    expect((await t.call('POST', `/api/vessel/${id}/addUser?email=owner2@demo.test`, { token: tokens.owner })).status).toBe(409);
    expect((await t.call('POST', `/api/vessel/${id}/addUser?email=owner@demo.test`, { token: tokens.owner })).status).toBe(418);
    // Refused invitations mail nobody.
    expect((await t.database.db('mail_outbox').count<{ n: number }[]>({ n: '*' }).first())?.n).toBe(mailsBefore);
  });

  it('invites a person without an account, who registers through the link', async () => {
    const id = vessels['Blue Horizon'];
    await t.call('POST', `/api/vessel/${id}/addUser?email=deckhand@example.com&name=${encodeURIComponent('Marco (deckhand)')}`, { token: tokens.owner });
    // Until they accept, the crew know them by the name the inviter gave.
    const directory = async () => (await t.call('GET', `/api/vessel/${id}/directory`, { token: tokens.owner })).body.data as Array<Record<string, unknown>>;
    expect((await directory()).find((m) => m.email === 'deckhand@example.com')).toMatchObject({
      pending: true,
      invitedName: 'Marco (deckhand)',
      firstName: '',
    });
    const token = linkToken((await lastMailTo(t.database.db, 'deckhand@example.com'))!.text!, /token=([\w-]+)/);
    await t.call('POST', '/api/register/resetPassword', { payload: { token, password: 'deckhand-password' } });
    const deckhand = await t.login('deckhand@example.com', 'deckhand-password');
    expect((await t.call('POST', `/api/vessel/${id}/acceptInvite`, { token: deckhand })).status).toBe(200);
    expect(names(await t.call('GET', '/api/vessel/basic', { token: deckhand }))).toEqual(['Blue Horizon']);
    expect((await directory()).find((m) => m.email === 'deckhand@example.com')).toMatchObject({ pending: false, invitedName: null });
  });

  it('grants, edits, pauses and revokes, and refuses members without userManager', async () => {
    const id = vessels['Blue Horizon'];
    const owner2Id = (await t.call('GET', '/api/profile/details', { token: tokens.owner2 })).body.data.id;
    const granted = await t.call('POST', `/api/vessel/${id}/grant`, {
      token: tokens.owner,
      payload: { userId: owner2Id, permissions: { deviceManager: 'VIEW', allowDeviceControl: true } },
    });
    expect(granted.body.data.permissions).toMatchObject({ deviceManager: 'VIEW', allowDeviceControl: true, alertManager: 'DENY' });
    await t.call('POST', `/api/vessel/${id}/editPermissions`, { token: tokens.owner, payload: { userId: owner2Id, permissions: { alertManager: 'MANAGE' } } });
    expect((await t.call('GET', `/api/vessel/${id}/currentUserPerms`, { token: tokens.owner2 })).body.data).toMatchObject({
      deviceManager: 'VIEW',
      alertManager: 'MANAGE',
    });
    expect(
      (
        await t.call('POST', `/api/vessel/${id}/editPermissions`, {
          token: tokens.owner,
          payload: { userId: owner2Id, permissions: { alertManager: 'ADMIN' } },
        })
      ).status,
    ).toBe(400);
    // A member without userManager cannot change anyone.
    expect(
      (
        await t.call('POST', `/api/vessel/${id}/editPermissions`, {
          token: tokens.owner2,
          payload: { userId: owner2Id, permissions: { userManager: 'MANAGE' } },
        })
      ).status,
    ).toBe(403);

    await t.call('POST', `/api/vessel/${id}/pause`, { token: tokens.owner, payload: { userId: owner2Id, paused: true } });
    const paused = await t.call('GET', `/api/vessel/${id}`, { token: tokens.owner2 });
    expect(paused.status).toBe(403);
    expect(paused.body.message).toMatch(/paused/);
    await t.call('POST', `/api/vessel/${id}/pause`, { token: tokens.owner, payload: { userId: owner2Id, paused: false } });
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.owner2 })).status).toBe(200);

    const directory = await t.call('GET', `/api/vessel/${id}/directory`, { token: tokens.owner });
    expect(directory.body.data.map((m: { role: string }) => m.role)).toEqual(['owner', 'member', 'member']);
    await t.call('POST', `/api/vessel/${id}/revoke`, { token: tokens.owner, payload: { userId: owner2Id } });
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.owner2 })).status).toBe(404);
  });

  it('does not let a delegated user manager grant more than they hold', async () => {
    const id = vessels['Sea Breeze'];
    const crewId = (await t.call('GET', '/api/profile/details', { token: tokens.crew })).body.data.id;
    await t.call('POST', `/api/vessel/${id}/editPermissions`, { token: tokens.owner, payload: { userId: crewId, permissions: { userManager: 'MANAGE' } } });
    const res = await t.call('POST', `/api/vessel/${id}/editPermissions`, {
      token: tokens.crew,
      payload: { userId: crewId, permissions: { billingManager: 'MANAGE' } },
    });
    expect(res.status).toBe(403);
    await t.call('POST', `/api/vessel/${id}/editPermissions`, { token: tokens.owner, payload: { userId: crewId, permissions: { userManager: 'DENY' } } });
  });
});

describe('company technical access', () => {
  it('adds, edits, pauses and revokes a company', async () => {
    const id = vessels['Blue Horizon'];
    const companies = await t.database.db('companies').where({ name: 'Harbour Marine Services' }).first('id');
    const added = await t.call('POST', `/api/vessel/${id}/addCompany/${companies.id}`, {
      token: tokens.owner,
      payload: { permissions: { deviceManager: 'VIEW' } },
    });
    expect(added.status).toBe(200);
    expect(names(await t.call('GET', '/api/vessel/basic', { token: tokens.contractor }))).toEqual(['Blue Horizon', 'Northern Star']);
    await t.call('POST', `/api/vessel/${id}/editCompany`, { token: tokens.owner, payload: { companyId: companies.id, permissions: { alertManager: 'VIEW' } } });
    expect((await t.call('GET', `/api/vessel/${id}/currentUserPerms`, { token: tokens.contractor })).body.data).toMatchObject({
      deviceManager: 'VIEW',
      alertManager: 'VIEW',
    });
    await t.call('POST', `/api/vessel/${id}/pauseCompany/${companies.id}/true`, { token: tokens.owner });
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.contractor })).status).toBe(403);
    await t.call('POST', `/api/vessel/${id}/revokeCompany`, { token: tokens.owner, payload: { companyId: companies.id } });
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.contractor })).status).toBe(404);
    expect((await t.call('POST', `/api/vessel/${id}/addCompany/${companies.id}`, { token: tokens.crew })).status).toBe(404);
  });
});

describe('deleting a vessel', () => {
  it('takes the owner and an e-mailed code', async () => {
    const created = await t.call('POST', '/api/vessel/create', { token: tokens.owner, payload: { name: 'Doomed Dinghy' } });
    const id = created.body.data.id;
    expect((await t.call('POST', `/api/vessel/delete?vesselId=${vessels['Sea Breeze']}`, { token: tokens.crew })).status).toBe(403);
    expect((await t.call('POST', `/api/vessel/delete?vesselId=${id}`, { token: tokens.owner })).status).toBe(200);
    const code = linkToken((await lastMailTo(t.database.db, 'owner@demo.test', /confirmation code/))!.text!, /\n\n([A-Z0-9]{8})\n\n/);
    expect((await t.call('POST', '/api/vessel/confirmDelete?code=AAAAAAAA', { token: tokens.owner })).status).toBe(418);
    // Someone else's session cannot use the owner's code.
    expect((await t.call('POST', `/api/vessel/confirmDelete?code=${code}`, { token: tokens.owner2 })).status).toBe(418);
    expect((await t.call('POST', `/api/vessel/confirmDelete?code=${code}`, { token: tokens.owner })).status).toBe(200);
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.owner })).status).toBe(404);
    expect((await t.call('POST', `/api/vessel/confirmDelete?code=${code}`, { token: tokens.owner })).status).toBe(418);
  });
});

describe('notes, documents and geofence', () => {
  it('lets members write notes, and only the author or owner delete them', async () => {
    const id = vessels['Sea Breeze'];
    const note = await t.call('POST', `/api/vessel/${id}/notes`, { token: tokens.crew, payload: { messageText: 'Fuel filter changed' } });
    expect(note.body.data).toMatchObject({ messageText: 'Fuel filter changed', authorName: 'Chris Crew' });
    expect((await t.call('GET', `/api/vessel/${id}/notes`, { token: tokens.owner })).body.data[0].messageText).toBe('Fuel filter changed');
    expect((await t.call('GET', `/api/vessel/${id}/notes`, { token: tokens.owner2 })).status).toBe(404);
    const ownNote = await t.call('POST', `/api/vessel/${id}/notes`, { token: tokens.owner, payload: { messageText: 'Owner note' } });
    expect((await t.call('DELETE', `/api/vessel/${id}/notes/${ownNote.body.data.id}`, { token: tokens.crew })).status).toBe(403);
    expect((await t.call('DELETE', `/api/vessel/${id}/notes/${note.body.data.id}`, { token: tokens.owner })).status).toBe(200);
    expect((await t.call('POST', `/api/vessel/${id}/notes`, { token: tokens.crew, payload: { messageText: '   ' } })).status).toBe(400);
  });

  it('stores documents by content type and serves them to those with documents VIEW', async () => {
    const id = vessels['Sea Breeze'];
    const boundary = 'docboundary';
    const upload = (token: string, content: Buffer) =>
      t.call('POST', `/api/vessel/${id}/documents`, {
        token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nInsurance 2026\r\n--${boundary}\r\nContent-Disposition: form-data; name="categoryId"\r\n\r\n3\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="policy.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          content,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    expect((await upload(tokens.crew, pdf)).status).toBe(403);
    const doc = await upload(tokens.owner, pdf);
    expect(doc.status).toBe(200);
    expect(doc.body.data).toMatchObject({ name: 'Insurance 2026', mime: 'application/pdf', size: pdf.length });
    expect((await upload(tokens.owner, Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]))).status).toBe(415);
    const listed = await t.call('GET', `/api/vessel/${id}/documents`, { token: tokens.crew });
    expect(listed.body.data).toHaveLength(1);
    const download = await t.server.inject(await t.link(tokens.crew, listed.body.data[0].url));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await t.call('GET', listed.body.data[0].url, { token: tokens.owner2 })).status).toBe(404);
    expect((await t.call('GET', `/api/vessel/${id}/documentStorage`, { token: tokens.owner })).body.data.used).toBe(pdf.length);
    expect((await t.call('DELETE', `/api/vessel/${id}/documents/${doc.body.data.id}`, { token: tokens.owner })).status).toBe(200);
  });

  it('sets the geofence with securityManager and location services only', async () => {
    const id = vessels['Sea Breeze'];
    const fence = { radius: 500, lat: 43.7347, lon: 7.4206, delay: 60 };
    expect((await t.call('POST', `/api/vessel/${id}/geofence`, { token: tokens.crew, payload: fence })).status).toBe(403);
    expect((await t.call('POST', `/api/vessel/${id}/geofence`, { token: tokens.owner, payload: fence })).body.data).toMatchObject({ ...fence, enabled: true });
    expect((await t.call('POST', `/api/vessel/${id}/geofence`, { token: tokens.owner, payload: { ...fence, lat: 123 } })).body.message).toMatch(/lat/);
    expect((await t.call('POST', `/api/vessel/${id}/geofence/false`, { token: tokens.owner })).body.data.enabled).toBe(false);
    expect((await t.call('GET', `/api/vessel/${id}/geofence`, { token: tokens.owner })).body.data).toMatchObject({ radius: 500, enabled: false });
    expect((await t.call('GET', `/api/vessel/${id}/geofence`, { token: tokens.crew })).status).toBe(403);
  });
});

describe('the vessel audit log', () => {
  it('shows what happened on the vessel to those with auditLogs, and nothing of other vessels', async () => {
    const id = vessels['Sea Breeze'];
    await t.call('POST', `/api/vessel/${id}/notes`, { token: tokens.owner, payload: { messageText: 'Logged note' } });
    const recent = await t.call('GET', `/api/vessel/${id}/logs/all`, { token: tokens.owner });
    expect(recent.body.data[0]).toMatchObject({ action: 'POST /api/vessel/{id}/notes', actorEmail: 'owner@demo.test', vesselId: id, outcome: 200 });
    expect(recent.body.data.every((r: { vesselId: number }) => r.vesselId === id)).toBe(true);
    const page = await t.call('POST', '/api/logs/all/page', { token: tokens.dealer, payload: { page: 0, size: 5, filter: { vesselId: id } } });
    expect(page.status).toBe(200);
    expect(page.body.data.content.length).toBeLessThanOrEqual(5);
    expect(page.body.data.totalElements).toBeGreaterThan(0);
    expect((await t.call('GET', `/api/vessel/${id}/logs/all`, { token: tokens.crew })).status).toBe(403);
    expect((await t.call('POST', '/api/logs/all/page', { token: tokens.owner2, payload: { filter: { vesselId: id } } })).status).toBe(404);
    expect((await t.call('POST', '/api/logs/all/page', { token: tokens.owner, payload: { filter: {} } })).body.message).toMatch(/vesselId/);
  });
});
