import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookUpVoucher } from '../../src/modules/billing/api.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
let owner: string;
let owner2: string;
let admin: string;
const vessels: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  [owner, owner2, admin] = await Promise.all(['owner', 'owner2', 'admin'].map((w) => t.login(`${w}@demo.test`)));
  for (const token of [owner, owner2]) for (const v of (await t.call('GET', '/api/vessel/basic', { token })).body.data) vessels[v.name] = v.id;
});
afterAll(() => t.close());

describe('vouchers', () => {
  it('renews an expired subscription with a voucher', async () => {
    const res = await t.call('POST', '/api/billing/createVesselSubscriptionWithVoucher', {
      token: owner2,
      payload: { vesselId: vessels['Northern Star'], voucherCode: 'welcome2026' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.valid).toBe(true);
    const until = new Date(res.body.data.validUntil);
    expect(until.getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);
  });

  it('refuses another tenant’s vessel and members without billingManager', async () => {
    expect(
      (
        await t.call('POST', '/api/billing/createVesselSubscriptionWithVoucher', {
          token: owner2,
          payload: { vesselId: vessels['Sea Breeze'], voucherCode: 'WELCOME2026' },
        })
      ).status,
    ).toBe(404);
    const crew = await t.login('crew@demo.test');
    expect(
      (
        await t.call('POST', '/api/billing/createVesselSubscriptionWithVoucher', {
          token: crew,
          payload: { vesselId: vessels['Sea Breeze'], voucherCode: 'WELCOME2026' },
        })
      ).status,
    ).toBe(403);
  });

  it('lets an admin create a single-use voucher that works once', async () => {
    const products = await t.call('GET', '/api/admin/products/all', { token: admin });
    const created = await t.call('POST', '/api/admin/vouchers', { token: admin, payload: { productIds: [products.body.data[0].id], months: 6, maxUses: 1 } });
    const code = created.body.data.code as string;
    expect(code).toMatch(/^[A-Z0-9]{12}$/);
    expect((await t.call('GET', '/api/admin/vouchers', { token: admin })).body.data[0].code).not.toBe(code);
    expect((await t.call('GET', `/api/admin/vouchers/${created.body.data.id}/showCode`, { token: admin })).body.data.code).toBe(code);
    const before = (await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}`, { token: owner })).body.data.vesselSubscription.validUntil;
    const first = await t.call('POST', '/api/billing/createVesselSubscriptionWithVoucher', {
      token: owner,
      payload: { vesselId: vessels['Sea Breeze'], voucherCode: code },
    });
    expect(first.status).toBe(200);
    // A running subscription is extended from its end, not from today, and stays valid meanwhile.
    expect(new Date(first.body.data.validUntil).getTime()).toBeGreaterThan(new Date(before).getTime() + 150 * 24 * 3600 * 1000);
    expect(first.body.data.valid).toBe(true);
    expect((await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}`, { token: owner })).body.data.vesselSubscription.valid).toBe(true);
    const second = await t.call('POST', '/api/billing/createVesselSubscriptionWithVoucher', {
      token: owner,
      payload: { vesselId: vessels['Blue Horizon'], voucherCode: code },
    });
    expect(second.status).toBe(418);
    expect(second.body.message).toBe('This voucher has already been used');
    expect((await t.call('POST', '/api/admin/vouchers', { token: owner, payload: { productIds: [1], months: 1 } })).status).toBe(403);
  });
});

describe('voucher attempts', () => {
  it('compares codes case-insensitively', async () => {
    const adminId = (await t.call('GET', '/api/profile/details', { token: admin })).body.data.id;
    expect(await lookUpVoucher(t.server.app.ctx, adminId, ' cameras6m ')).toMatchObject({ code: 'CAMERAS6M', months: 6 });
  });

  it('allows 10 voucher codes an hour per user, redemptions and lookups alike, then answers 429 with Retry-After', async () => {
    const owner2Id = (await t.call('GET', '/api/profile/details', { token: owner2 })).body.data.id;
    const redeem = () =>
      t.call('POST', '/api/billing/createVesselSubscriptionWithVoucher', {
        token: owner2,
        payload: { vesselId: vessels['Northern Star'], voucherCode: 'NOSUCHCODE' },
      });
    // One redemption of this user was counted above.
    for (let i = 0; i < 8; i++) expect((await redeem()).status).toBe(404);
    expect(await lookUpVoucher(t.server.app.ctx, owner2Id, 'NOSUCHCODE')).toBeNull();
    const refused = await redeem();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    await expect(lookUpVoucher(t.server.app.ctx, owner2Id, 'WELCOME2026')).rejects.toMatchObject({ output: { statusCode: 429 } });
    // Someone else is not affected.
    expect(
      (
        await t.call('POST', '/api/billing/createVesselSubscriptionWithVoucher', {
          token: owner,
          payload: { vesselId: vessels['Blue Horizon'], voucherCode: 'NOSUCHCODE' },
        })
      ).status,
    ).toBe(404);
  });
});
