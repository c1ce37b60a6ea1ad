import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { lastMailTo, linkToken } from '../helpers/mail.js';
import { PASSWORD_RECHECKS } from '../../src/modules/auth/service.js';
import { VOUCHER_LOOKUPS } from '../../src/modules/profile/service.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ demo: true, env: { UPLOAD_IMAGE_MAX_BYTES: '4096' } });
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----vessel-link-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile reads', () => {
  it('shows details and default preferences', async () => {
    const token = await t.login('owner@demo.test');
    const details = await t.call('GET', '/api/profile/details', { token });
    expect(details.body.data).toMatchObject({ email: 'owner@demo.test', firstName: 'Olivia', corporate: false, imageUrl: null });
    const prefs = await t.call('GET', '/api/profile/preferences', { token });
    // No theme chosen: the device decides (null).
    expect(prefs.body.data).toEqual({ unitSystem: 'metric', theme: null, timeFormat: '24h', timeZone: 'Universal' });
    const current = await t.call('GET', '/api/profile/currentProfileDetails', { token });
    expect(current.body.data.vesselCount).toBe(2);
  });

  it('lists navigation by menu order, with admin entries only for admins', async () => {
    const owner = await t.call('GET', '/api/profile/navigation', { token: await t.login('owner@demo.test') });
    const orders = owner.body.data.map((n: { menuOrder: number }) => n.menuOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(owner.body.data.map((n: { code: string }) => n.code)).not.toContain('ADMIN');
    expect(owner.body.data.map((n: { code: string }) => n.code)).not.toContain('ORGANISATION');
    const admin = await t.call('GET', '/api/profile/navigation', { token: await t.login('admin@demo.test') });
    expect(admin.body.data.map((n: { code: string }) => n.code)).toContain('ADMIN');
    // The demo administrator works for no company: Organisation would only answer "You do not work for a company".
    expect(admin.body.data.map((n: { code: string }) => n.code)).not.toContain('ORGANISATION');
    const dealer = await t.call('GET', '/api/profile/navigation', { token: await t.login('dealer@demo.test') });
    expect(dealer.body.data.map((n: { code: string }) => n.code)).toContain('ORGANISATION');
  });

  it('lists the companies with access to an owner’s vessels as vendors, and can pause one', async () => {
    const token = await t.login('owner@demo.test');
    const vendors = await t.call('GET', '/api/profile/vendors', { token });
    expect(vendors.body.data).toEqual([expect.objectContaining({ name: 'Riviera Yachts', kind: 'dealer', enabled: true })]);
    const id = vendors.body.data[0].id;
    expect((await t.call('GET', `/api/profile/vendors/${id}/vesselList`, { token })).body.data.map((v: { name: string }) => v.name)).toEqual(['Sea Breeze']);
    expect((await t.call('POST', `/api/profile/vendors/${id}/false`, { token })).status).toBe(200);
    expect((await t.call('GET', '/api/profile/vendors', { token })).body.data[0].enabled).toBe(false);
    await t.call('POST', `/api/profile/vendors/${id}/true`, { token });
    // Another owner cannot touch a vendor that is not theirs.
    expect((await t.call('POST', `/api/profile/vendors/${id}/false`, { token: await t.login('owner2@demo.test') })).status).toBe(404);
  });

  it('shows what a voucher gives', async () => {
    const token = await t.login('owner@demo.test');
    const res = await t.call('GET', '/api/profile/billing/showVoucherDetails?code=welcome2026', { token });
    expect(res.body.data).toMatchObject({ code: 'WELCOME2026', months: 12, products: [expect.objectContaining({ code: 'CLOUD_CONNECT' })] });
    expect((await t.call('GET', '/api/profile/billing/showVoucherDetails?code=NOPE', { token })).status).toBe(404);
  });

  it('limits voucher look-ups per user, found or not', async () => {
    const token = await t.login('crew@demo.test');
    for (let i = 0; i < VOUCHER_LOOKUPS.points; i++)
      expect((await t.call('GET', `/api/profile/billing/showVoucherDetails?code=GUESS${i}`, { token })).status).toBe(404);
    const refused = await t.call('GET', '/api/profile/billing/showVoucherDetails?code=WELCOME2026', { token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/profile/billing/showVoucherDetails?code=WELCOME2026', { token: await t.login('owner2@demo.test') })).status).toBe(200);
  });
});

describe('profile edit', () => {
  it('changes details and preferences, and refuses unknown values naming the field', async () => {
    const token = await t.login('owner2@demo.test');
    const res = await t.call('POST', '/api/profile/edit', {
      token,
      payload: { firstName: 'Oskar', preferences: { unitSystem: 'imperial', theme: 'dark', timeFormat: '12h', timeZone: 'Europe/London' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.firstName).toBe('Oskar');
    expect((await t.call('GET', '/api/profile/preferences', { token })).body.data).toEqual({
      unitSystem: 'imperial',
      theme: 'dark',
      timeFormat: '12h',
      timeZone: 'Europe/London',
    });
    const bad = await t.call('POST', '/api/profile/edit', { token, payload: { preferences: { theme: 'neon' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/theme/);
    const badZone = await t.call('POST', '/api/profile/edit', { token, payload: { preferences: { timeZone: 'Mars/Olympus' } } });
    expect(badZone.status).toBe(400);
    expect(badZone.body.message).toMatch(/timeZone/);
    expect((await t.call('GET', '/api/profile/preferences', { token })).body.data.theme).toBe('dark');
    // Back to following the device.
    expect((await t.call('POST', '/api/profile/edit', { token, payload: { preferences: { theme: null } } })).status).toBe(200);
    expect((await t.call('GET', '/api/profile/preferences', { token })).body.data.theme).toBeNull();
  });
});

describe('profile image', () => {
  it('stores an image and serves it back', async () => {
    const token = await t.login('owner@demo.test');
    const res = await t.call('POST', '/api/profile/profileImage', { token, ...multipart('file', 'me.png', 'image/png', PNG) });
    expect(res.status).toBe(200);
    const image = await t.server.inject({ method: 'GET', url: await t.link(token, res.body.data.imageUrl) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers 415 for a file that is not an image, whatever its name says', async () => {
    const token = await t.login('owner@demo.test');
    const res = await t.call('POST', '/api/profile/profileImage', {
      token,
      ...multipart('file', 'photo.png', 'image/png', Buffer.from('#!/bin/sh\necho not an image\n')),
    });
    expect(res.status).toBe(415);
    expect(res.body.ok).toBe(false);
  });

  it('answers 413 above the upload limit, with the spec’s message', async () => {
    const token = await t.login('owner@demo.test');
    const big = Buffer.concat([PNG, Buffer.alloc(8192)]);
    const res = await t.call('POST', '/api/profile/profileImage', { token, ...multipart('file', 'big.png', 'image/png', big) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ ok: false, status: 413, message: 'File size exceeds the limit' });
  });

  it('answers 415 when the body is not multipart', async () => {
    const token = await t.login('owner@demo.test');
    const res = await t.call('POST', '/api/profile/profileImage', { token, payload: { file: 'x' } });
    expect(res.status).toBe(415);
  });
});

describe('password change', () => {
  it('needs the current password and ends the other sessions only', async () => {
    const other = await t.login('dealer2@demo.test');
    const token = await t.login('dealer2@demo.test');
    const wrong = await t.call('POST', '/api/profile/changePassword', { token, payload: { currentPassword: 'not-it', newPassword: 'a-new-long-password' } });
    expect(wrong.status).toBe(418);
    const ok = await t.call('POST', '/api/profile/changePassword', {
      token,
      payload: { currentPassword: 'vessel-link-demo', newPassword: 'a-new-long-password' },
    });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/profile/details', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/profile/details', { token: other })).status).toBe(401);
    expect(await t.login('dealer2@demo.test', 'a-new-long-password')).toEqual(expect.any(String));
  });

  it('counts re-checks of the current password, so a stolen session cannot guess it', async () => {
    const token = await t.login('contractor@demo.test');
    const attempt = (currentPassword: string) =>
      t.call('POST', '/api/profile/changePassword', { token, payload: { currentPassword, newPassword: 'a-new-long-password' } });
    for (let i = 0; i < PASSWORD_RECHECKS.points; i++) expect((await attempt(`guess-${i}`)).status).toBe(418);
    const refused = await attempt('vessel-link-demo');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.login('contractor@demo.test')).toEqual(expect.any(String));
  });
});

describe('account deletion', () => {
  it('refuses to delete someone else', async () => {
    const token = await t.login('crew@demo.test');
    const res = await t.call('POST', '/api/profile/delete', { token, payload: { userId: 1 } });
    expect(res.status).toBe(403);
  });

  it('refuses while the user owns vessels', async () => {
    const token = await t.login('owner@demo.test');
    const me = (await t.call('GET', '/api/profile/details', { token })).body.data;
    const res = await t.call('POST', '/api/profile/delete', { token, payload: { userId: me.id } });
    expect(res.status).toBe(418);
    expect(res.body.message).toMatch(/Sea Breeze/);
  });

  it('deletes with the e-mailed code, once, and not with a wrong one', async () => {
    const token = await t.login('contractor@demo.test');
    const me = (await t.call('GET', '/api/profile/details', { token })).body.data;
    expect((await t.call('POST', '/api/profile/delete', { token, payload: { userId: me.id } })).status).toBe(200);
    const code = linkToken((await lastMailTo(t.database.db, 'contractor@demo.test', /confirmation code/))!.text!, /\n\n([A-Z0-9]{8})\n\n/);
    expect((await t.call('POST', '/api/profile/confirmDelete?code=WRONG123', { token })).status).toBe(418);
    expect((await t.call('POST', `/api/profile/confirmDelete?code=${code}`, { token })).status).toBe(200);
    expect((await t.call('GET', '/api/profile/details', { token })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { payload: { username: 'contractor@demo.test', password: 'vessel-link-demo' } })).status).toBe(401);
  });

  it('refuses an expired code', async () => {
    const token = await t.login('manufacturer@demo.test');
    const me = (await t.call('GET', '/api/profile/details', { token })).body.data;
    await t.call('POST', '/api/profile/delete', { token, payload: { userId: me.id } });
    const code = linkToken((await lastMailTo(t.database.db, 'manufacturer@demo.test', /confirmation code/))!.text!, /\n\n([A-Z0-9]{8})\n\n/);
    await t.database
      .db('one_time_tokens')
      .where({ purpose: 'delete_profile' })
      .update({ expires_at: new Date(Date.now() - 1).toISOString() });
    expect((await t.call('POST', `/api/profile/confirmDelete?code=${code}`, { token })).status).toBe(418);
    expect((await t.call('GET', '/api/profile/details', { token })).status).toBe(200);
  });
});

describe('organisation and catalogue', () => {
  it('shows staff their organisation and its members', async () => {
    const token = await t.login('dealer@demo.test');
    const org = await t.call('GET', '/api/org/myOrganisation', { token });
    expect(org.body.data).toMatchObject({ name: 'Riviera Yachts', kind: 'dealer' });
    expect(org.body.data.staff.map((s: { email: string }) => s.email).sort()).toEqual(['dealer2@demo.test', 'dealer@demo.test']);
    expect((await t.call('GET', '/api/org/currentUserPerms', { token })).body.data).toMatchObject({ role: 'admin', manageStaff: true });
    expect((await t.call('GET', '/api/org/myOrganisation', { token: await t.login('owner@demo.test') })).status).toBe(404);
  });

  it('lists manufacturers, dealers and vessel models', async () => {
    const token = await t.login('owner@demo.test');
    const manufacturers = await t.call('GET', '/api/company/manufacturers', { token });
    expect(manufacturers.body.data.map((c: { name: string }) => c.name)).toEqual(['Azure Yachts']);
    const models = await t.call('GET', `/api/company/manufacturers/${manufacturers.body.data[0].id}/models`, { token });
    expect(models.body.data.map((m: { name: string }) => m.name)).toEqual(['Azure 50', 'Azure 62', 'Azure 78']);
    expect((await t.call('GET', '/api/company/dealers', { token })).body.data.map((c: { name: string }) => c.name)).toEqual(['Riviera Yachts']);
    expect((await t.call('GET', `/api/vesselModels/${models.body.data[0].id}`, { token })).body.data.lengthM).toBe(15.2);
    expect((await t.call('GET', '/api/vesselModels/99999', { token })).status).toBe(404);
  });
});
