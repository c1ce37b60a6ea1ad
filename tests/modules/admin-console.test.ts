import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await createTestServer({ demo: true });
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const multipart = (name: string, data: Buffer, filename = 'model.png') => {
  const boundary = '----vessel-link-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe('admin companies', () => {
  it('creates a dealer, lists it by kind and page, edits it, and refuses a duplicate name', async () => {
    const created = await t.call('POST', '/api/admin/companies/dealer', {
      token: admin,
      payload: { name: 'Solent Yachts', email: 'sales@solent.example', countryCode: 'GB', website: 'https://solent.example' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Solent Yachts', kind: 'dealer', countryCode: 'GB', staffCount: 0 });
    expect((await t.call('POST', '/api/admin/companies/dealer', { token: admin, payload: { name: 'solent yachts' } })).status).toBe(409);
    expect((await t.call('POST', '/api/admin/companies/shipyard', { token: admin, payload: { name: 'X' } })).status).toBe(400);
    const bad = await t.call('POST', '/api/admin/companies/contractor', { token: admin, payload: { name: 'Y', email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email/);

    const dealers = await t.call('GET', '/api/admin/companies/kind/dealer', { token: admin });
    expect(dealers.body.data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Riviera Yachts', 'Solent Yachts']));
    expect(dealers.body.data.every((c: { kind: string }) => c.kind === 'dealer')).toBe(true);
    const search = await t.call('GET', '/api/admin/companies?q=solent', { token: admin });
    expect(search.body.data.map((c: { name: string }) => c.name)).toEqual(['Solent Yachts']);
    const page = await t.call('POST', '/api/admin/companies/page', { token: admin, payload: { page: 0, size: 2, sort: 'name,desc', filter: {} } });
    expect(page.body.data.content).toHaveLength(2);
    expect(page.body.data.totalElements).toBeGreaterThanOrEqual(4);
    expect(page.body.data.content[0].name.localeCompare(page.body.data.content[1].name)).toBeGreaterThan(0);

    const edited = await t.call('PUT', `/api/admin/companies/${created.body.data.id}`, { token: admin, payload: { phone: '+44 23 8000 0000' } });
    expect(edited.body.data).toMatchObject({ name: 'Solent Yachts', phone: '+44 23 8000 0000' });
    expect((await t.call('PUT', '/api/admin/companies/999999', { token: admin, payload: { name: 'Z' } })).status).toBe(404);
  });
});

describe('admin vessel models', () => {
  it('creates, edits, takes an image, and deletes only an unused model', async () => {
    const azure = (await t.call('GET', '/api/admin/companies/kind/manufacturer', { token: admin })).body.data.find(
      (c: { name: string }) => c.name === 'Azure Yachts',
    );
    const created = await t.call('POST', '/api/admin/vesselModels', { token: admin, payload: { name: 'Azure 44', manufacturerId: azure.id, lengthM: 13.4 } });
    expect(created.body.data).toMatchObject({ name: 'Azure 44', manufacturerId: azure.id, lengthM: 13.4, imageUrl: null });
    const id = created.body.data.id;
    expect((await t.call('POST', '/api/admin/vesselModels', { token: admin, payload: { name: 'azure 44', manufacturerId: azure.id } })).status).toBe(409);
    const dealer = (await t.call('GET', '/api/admin/companies/kind/dealer', { token: admin })).body.data[0];
    expect((await t.call('POST', '/api/admin/vesselModels', { token: admin, payload: { name: 'Nope', manufacturerId: dealer.id } })).status).toBe(400);
    expect((await t.call('PUT', `/api/admin/vesselModels/${id}`, { token: admin, payload: { name: 'Azure 45' } })).body.data.name).toBe('Azure 45');

    const notImage = await t.call('POST', `/api/admin/vesselModels/${id}/modelImage`, {
      token: admin,
      ...multipart('file', Buffer.from('just some text, not a picture')),
    });
    expect(notImage.status).toBe(415);
    const image = await t.call('POST', `/api/admin/vesselModels/${id}/modelImage`, { token: admin, ...multipart('file', PNG) });
    expect(image.status).toBe(200);
    expect(image.body.data.imageUrl).toMatch(/^\/api\/files\//);

    const used = (await t.call('GET', '/api/vesselModels', { token: admin })).body.data.find((m: { name: string }) => m.name === 'Azure 50');
    const refused = await t.call('DELETE', `/api/admin/vesselModels/${used.id}`, { token: admin });
    expect(refused.status).toBe(418);
    expect(refused.body.message).toMatch(/Azure 50 cannot be deleted: \d+ vessels? uses?/);
    expect((await t.call('DELETE', `/api/admin/vesselModels/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/vesselModels/${id}`, { token: admin })).status).toBe(404);
  });
});

describe('admin catalogue', () => {
  it('adds document categories and answers user types and the custom dictionaries', async () => {
    const added = await t.call('POST', '/api/admin/documentCategories', { token: admin, payload: { name: 'Survey reports' } });
    expect(added.body.data).toMatchObject({ name: 'Survey reports' });
    expect((await t.call('POST', '/api/admin/documentCategories', { token: admin, payload: { name: 'survey REPORTS' } })).status).toBe(409);
    expect((await t.call('GET', '/api/admin/documentCategories', { token: admin })).body.data.map((c: { name: string }) => c.name)).toContain('Survey reports');
    expect(
      (await t.call('GET', '/api/vessel/documentCategories', { token: await t.login('owner@demo.test') })).body.data.map((c: { name: string }) => c.name),
    ).toContain('Survey reports');
    expect((await t.call('GET', '/api/admin/userTypes', { token: admin })).body.data.map((u: { code: string }) => u.code)).toEqual([
      'owner',
      'member',
      'company',
    ]);
    const dictionaries = (await t.call('GET', '/api/admin/utility/customDictionaries', { token: admin })).body.data;
    expect(dictionaries.companyKinds).toEqual(['dealer', 'manufacturer', 'contractor']);
    expect(dictionaries.deviceCategories).toContain('lighting');
  });
});

describe('admin error reports', () => {
  it('reads and searches what the web app sent', async () => {
    const owner = await t.login('owner@demo.test');
    for (const [msg, endpoint] of [
      ['Could not load the fleet', '/api/vessel/basic'],
      ['Map tiles failed', '/api/vessel/1/location'],
    ]) {
      const sent = await t.call('POST', '/api/utility/error', {
        token: owner,
        payload: { displayedMsg: msg, endpoint, timestamp: new Date().toISOString(), platform: 'CLOUD_UI', status: 500, comment: 'it broke' },
      });
      expect(sent.status).toBe(200);
    }
    const all = await t.call('GET', '/api/admin/errorReports?size=10', { token: admin });
    expect(all.body.data.totalElements).toBe(2);
    expect(all.body.data.content[0]).toMatchObject({ displayedMsg: 'Map tiles failed', userName: 'owner@demo.test', platform: 'CLOUD_UI' });
    const found = await t.call('POST', '/api/admin/errorReports/page', { token: admin, payload: { filter: { q: 'FLEET' } } });
    expect(found.body.data.content.map((r: { displayedMsg: string }) => r.displayedMsg)).toEqual(['Could not load the fleet']);
    const one = await t.call('GET', `/api/admin/errorReports/${found.body.data.content[0].id}`, { token: admin });
    expect(one.body.data.endpoint).toBe('/api/vessel/basic');
    expect((await t.call('GET', '/api/admin/errorReports/99999', { token: admin })).status).toBe(404);
  });
});

describe('admin billing', () => {
  it('creates and edits products, pages vouchers, and shows who redeemed one', async () => {
    const product = await t.call('POST', '/api/admin/products', {
      token: admin,
      payload: { code: 'SAT-PLUS', name: 'Satellite plus', pricePence: 4999, currency: 'EUR', termMonths: 6 },
    });
    expect(product.body.data).toMatchObject({ code: 'SAT-PLUS', pricePence: 4999, currency: 'EUR', termMonths: 6, active: true });
    expect((await t.call('POST', '/api/admin/products', { token: admin, payload: { code: 'sat-plus', name: 'x', pricePence: 1 } })).status).toBe(409);
    // A refusal says what the field may hold, never the regular expression behind it (issue 44).
    const spaced = await t.call('POST', '/api/admin/products', { token: admin, payload: { code: 'SAT PLUS', name: 'x', pricePence: 1 } });
    expect(spaced).toMatchObject({ status: 400, body: { message: 'code may hold only letters, digits, hyphens and underscores, e.g. CLOUD_CONNECT' } });
    const sorted = await t.call('GET', '/api/admin/users?sort=email;drop', { token: admin });
    expect(sorted).toMatchObject({ status: 400, body: { message: 'sort is not in the form expected' } });
    const edited = await t.call('PUT', `/api/admin/products/${product.body.data.id}`, { token: admin, payload: { pricePence: 5999, termMonths: 12 } });
    expect(edited.body.data).toMatchObject({ pricePence: 5999, termMonths: 12 });
    expect((await t.call('GET', '/api/admin/products/all', { token: admin })).body.data.map((p: { code: string }) => p.code)).toContain('SAT-PLUS');

    const voucher = await t.call('POST', '/api/admin/vouchers', {
      token: admin,
      payload: { productIds: [product.body.data.id], months: 3, count: 2, expiresAt: '2099-12-31T00:00:00Z' },
    });
    expect(voucher.body.data).toMatchObject({ maxUses: 2, months: 3, expiresAt: '2099-12-31T00:00:00.000Z' });
    const owner = await t.login('owner@demo.test');
    const vessels = (await t.call('GET', '/api/vessel/basic', { token: owner })).body.data;
    const seaBreeze = vessels.find((v: { name: string }) => v.name === 'Sea Breeze');
    const redeemed = await t.call('POST', '/api/billing/createVesselSubscriptionWithVoucher', {
      token: owner,
      payload: { vesselId: seaBreeze.id, voucherCode: voucher.body.data.code },
    });
    expect(redeemed.status).toBe(200);
    const redemptions = await t.call('GET', `/api/admin/vouchers/${voucher.body.data.id}/redemptions`, { token: admin });
    expect(redemptions.body.data.redemptions).toEqual([expect.objectContaining({ vesselId: seaBreeze.id, vesselName: 'Sea Breeze' })]);
    expect(redemptions.body.data.voucher.code).not.toBe(voucher.body.data.code);

    const byProduct = await t.call('POST', '/api/admin/vouchers/page', {
      token: admin,
      payload: { filter: { productId: product.body.data.id, state: 'active' } },
    });
    expect(byProduct.body.data.content.map((v: { id: number }) => v.id)).toEqual([voucher.body.data.id]);
  });

  it("answers every vessel's subscription state, filtered", async () => {
    const all = (await t.call('GET', '/api/admin/subscriptions', { token: admin })).body.data;
    expect(all.find((s: { vesselName: string }) => s.vesselName === 'Northern Star')).toMatchObject({ state: 'expired', valid: false });
    const expired = (await t.call('GET', '/api/admin/subscriptions?state=expired', { token: admin })).body.data;
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.every((s: { state: string }) => s.state === 'expired')).toBe(true);
    // A clock at the end of a subscription's last month: it is expiring.
    const valid = all.find((s: { state: string }) => s.state === 'valid' || s.state === 'expiring');
    const clock = t.server.app.ctx.clock;
    clock.set(Date.parse(valid.validUntil) - 2 * 86_400_000);
    try {
      const soon = (await t.call('POST', '/api/admin/subscriptions/page', { token: admin, payload: { filter: { state: ['expiring'] } } })).body.data;
      expect(soon.content.map((s: { vesselId: number }) => s.vesselId)).toContain(valid.vesselId);
      expect(soon.content.find((s: { vesselId: number }) => s.vesselId === valid.vesselId).daysLeft).toBe(2);
    } finally {
      clock.reset();
    }
  });
});

describe('admin paging', () => {
  it('pages users and reporting clients with filters and sorting', async () => {
    const admins = await t.call('POST', '/api/admin/users/page', { token: admin, payload: { page: 0, size: 50, filter: { isAdmin: true } } });
    expect(admins.body.data.content.map((u: { email: string }) => u.email)).toEqual(['admin@demo.test']);
    const byEmail = await t.call('POST', '/api/admin/users/page', { token: admin, payload: { page: 1, size: 2, sort: 'email,asc' } });
    expect(byEmail.body.data.content).toHaveLength(2);
    expect(byEmail.body.data.content[0].email.localeCompare(byEmail.body.data.content[1].email)).toBeLessThan(0);
    expect((await t.call('POST', '/api/admin/users/page', { token: admin, payload: { size: 201 } })).status).toBe(400);

    for (const serial of ['PG-0001', 'PG-0002', 'PG-0003'])
      await t.call('POST', '/api/admin/reportingClients', { token: admin, payload: { serial, version: serial === 'PG-0003' ? '2.0.0' : '1.0.0' } });
    const page = await t.call('POST', '/api/admin/reportingClients/page', {
      token: admin,
      payload: { page: 0, size: 10, sort: 'serial,desc', filter: { q: 'PG-', paired: false, online: false } },
    });
    expect(page.body.data).toMatchObject({ totalElements: 3 });
    expect(page.body.data.content.map((b: { serial: string }) => b.serial)).toEqual(['PG-0003', 'PG-0002', 'PG-0001']);
    const v2 = await t.call('POST', '/api/admin/reportingClients/page', { token: admin, payload: { filter: { q: 'PG-', version: '2.0.0' } } });
    expect(v2.body.data.content.map((b: { serial: string }) => b.serial)).toEqual(['PG-0003']);
    expect(JSON.stringify(page.body.data)).not.toMatch(/secret/i);
  });
});

describe('admin overview', () => {
  it('answers the numbers and 14-day series', async () => {
    const res = await t.call('GET', '/api/admin/overview', { token: admin });
    expect(res.status).toBe(200);
    const o = res.body.data;
    expect(o.users.total).toBeGreaterThanOrEqual(8);
    expect(o.vessels).toBeGreaterThanOrEqual(3);
    expect(o.bridges).toMatchObject({ total: expect.any(Number), online: 0 });
    expect(o.series.newUsers).toHaveLength(14);
    expect(o.series.errorReports.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    expect(o.ingest.lastHour).toHaveLength(60);
    expect(typeof o.subscriptions.expiringThisMonth).toBe('number');
    // This server is only initialised: the database answers, the broker is not listening, no backups are scheduled.
    expect(o.operations.health).toMatchObject({ database: 'up', broker: 'down' });
    expect(o.operations.backups).toMatchObject({ dir: null, lastAt: null });
  });

  it('is refused to non-admins and anonymous callers', async () => {
    const owner = await t.login('owner@demo.test');
    for (const [method, url] of [
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/companies'],
      ['POST', '/api/admin/companies/dealer'],
      ['GET', '/api/admin/errorReports'],
      ['DELETE', '/api/admin/vesselModels/1'],
    ]) {
      expect((await t.call(method, url, { token: owner, payload: method === 'GET' ? undefined : {} })).status).toBe(403);
      expect((await t.call(method, url, { payload: method === 'GET' ? undefined : {} })).status).toBe(401);
    }
  });
});
