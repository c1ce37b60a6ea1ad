/**
 * Transfer of ownership (issue 48): the owner offers a vessel to an e-mail address with an e-mailed
 * code, the buyer accepts (choosing who stays) or declines, either side cancels; only the
 * acceptance changes the vessel, in one transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkToken } from '../helpers/mail.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
const tokens: Record<string, string> = {};
const vessels: Record<string, number> = {};
const companies: Record<string, number> = {};
const users: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'owner2', 'crew', 'dealer', 'contractor']) {
    tokens[who] = await t.login(`${who}@demo.test`);
    users[who] = (await t.call('GET', '/api/profile/details', { token: tokens[who] })).body.data.id;
  }
  for (const v of (await t.call('GET', '/api/vessel/basic', { token: tokens.owner })).body.data) vessels[v.name] = v.id;
  for (const c of await t.database.db('companies').select('id', 'name')) companies[c.name] = c.id;
});
afterAll(() => t.close());

const post = (who: string, url: string, payload?: unknown) => t.call('POST', url, { token: tokens[who], payload });
const codeIn = async (to: string) => linkToken((await lastMailTo(t.database.db, to, /confirmation code/))!.text!, /\n\n([A-Z0-9]{8})\n\n/);

/** A vessel of the owner's own, offered to `email` (both steps); answers the vessel and the transfer. */
async function offered(email: string, name = `Boat for ${email}`): Promise<{ vesselId: number; transferId: number }> {
  const vesselId = (await post('owner', '/api/vessel/create', { name })).body.data.id;
  expect((await post('owner', `/api/vessel/${vesselId}/transfer`, { email })).status).toBe(200);
  const confirmed = await post('owner', `/api/vessel/${vesselId}/confirmTransfer?code=${await codeIn('owner@demo.test')}`);
  expect(confirmed.status).toBe(200);
  return { vesselId, transferId: confirmed.body.data.id };
}

describe('starting a transfer', () => {
  it('is the owner’s alone, and names a valid address', async () => {
    const id = vessels['Sea Breeze'];
    expect((await post('crew', `/api/vessel/${id}/transfer`, { email: 'crew@demo.test' })).status).toBe(403);
    expect((await post('owner2', `/api/vessel/${id}/transfer`, { email: 'owner2@demo.test' })).status).toBe(404);
    expect((await post('dealer', `/api/vessel/${id}/transfer`, { email: 'dealer@demo.test' })).status).toBe(403);
    const invalid = await post('owner', `/api/vessel/${id}/transfer`, { email: 'not an address' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ ok: false, status: 400 });
    expect((await post('owner', `/api/vessel/${id}/transfer`, { email: 'owner@demo.test' })).status).toBe(418);
    expect((await t.call('GET', `/api/vessel/${id}/transfer`, { token: tokens.crew })).status).toBe(403);
  });

  it('waits for the owner’s code: a wrong code, another purpose’s code or another vessel’s is refused', async () => {
    const vesselId = (await post('owner', '/api/vessel/create', { name: 'Coded Cutter' })).body.data.id;
    expect((await post('owner', `/api/vessel/${vesselId}/transfer`, { email: 'owner2@demo.test' })).status).toBe(200);
    // Until the code, the buyer hears nothing and the owner sees nothing pending.
    expect((await t.call('GET', '/api/vessel/transfers', { token: tokens.owner2 })).body.data).toEqual([]);
    expect((await t.call('GET', `/api/vessel/${vesselId}/transfer`, { token: tokens.owner })).body.data).toBeNull();
    expect((await post('owner', `/api/vessel/${vesselId}/confirmTransfer?code=AAAAAAAA`)).status).toBe(418);
    const code = await codeIn('owner@demo.test');
    expect((await post('owner', `/api/vessel/${vessels['Blue Horizon']}/confirmTransfer?code=${code}`)).status).toBe(418);
    expect((await post('owner', `/api/vessel/confirmDelete?code=${code}`)).status).toBe(418);

    expect((await post('owner', `/api/vessel/${vesselId}/transfer`, { email: 'owner2@demo.test' })).status).toBe(200);
    const good = await codeIn('owner@demo.test');
    const confirmed = await post('owner', `/api/vessel/${vesselId}/confirmTransfer?code=${good}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ vesselId, vesselName: 'Coded Cutter', status: 'pending', buyerEmail: 'owner2@demo.test' });
    expect((await post('owner', `/api/vessel/${vesselId}/confirmTransfer?code=${good}`)).status).toBe(418);
    expect((await lastMailTo(t.database.db, 'owner2@demo.test'))!.subject).toContain('Coded Cutter is being transferred to you');
    // One transfer at a time.
    expect((await post('owner', `/api/vessel/${vesselId}/transfer`, { email: 'crew@demo.test' })).status).toBe(409);
    await post('owner', `/api/vessel/transfers/${confirmed.body.data.id}/cancel`);
  });
});

describe('before the acceptance', () => {
  it('the seller can cancel: the buyer no longer sees it and cannot accept it', async () => {
    const { vesselId, transferId } = await offered('owner2@demo.test', 'Cancelled Catamaran');
    expect((await t.call('GET', `/api/vessel/${vesselId}/transfer`, { token: tokens.owner })).body.data).toMatchObject({ id: transferId, status: 'pending' });
    const incoming = (await t.call('GET', '/api/vessel/transfers', { token: tokens.owner2 })).body.data;
    expect(incoming).toEqual([
      expect.objectContaining({ id: transferId, vesselName: 'Cancelled Catamaran', seller: expect.objectContaining({ email: 'owner@demo.test' }) }),
    ]);
    // Nobody else may touch it, and nothing has changed yet.
    expect((await post('crew', `/api/vessel/transfers/${transferId}/cancel`)).status).toBe(404);
    expect((await post('crew', `/api/vessel/transfers/${transferId}/accept`, {})).status).toBe(404);
    expect((await post('owner', `/api/vessel/transfers/${transferId}/accept`, {})).status).toBe(404);
    expect((await t.call('GET', `/api/vessel/${vesselId}`, { token: tokens.owner2 })).status).toBe(404);

    const cancelled = await post('owner', `/api/vessel/transfers/${transferId}/cancel`);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect((await lastMailTo(t.database.db, 'owner2@demo.test'))!.subject).toBe('The transfer of Cancelled Catamaran was cancelled');
    expect((await t.call('GET', '/api/vessel/transfers', { token: tokens.owner2 })).body.data).toEqual([]);
    expect((await t.call('GET', `/api/vessel/${vesselId}/transfer`, { token: tokens.owner })).body.data).toBeNull();
    const late = await post('owner2', `/api/vessel/transfers/${transferId}/accept`, {});
    expect(late.status).toBe(418);
    expect(late.body.message).toBe('This transfer has already been cancelled');
  });

  it('the buyer can decline: the vessel stays the seller’s, who is told', async () => {
    const { vesselId, transferId } = await offered('owner2@demo.test', 'Declined Dory');
    expect((await post('owner2', `/api/vessel/transfers/${transferId}/decline`)).body.data).toMatchObject({ status: 'declined' });
    expect((await lastMailTo(t.database.db, 'owner@demo.test'))!.subject).toBe('The transfer of Declined Dory was declined');
    expect((await t.call('GET', `/api/vessel/${vesselId}`, { token: tokens.owner })).body.data.ownerId).toBe(users.owner);
    expect((await post('owner2', `/api/vessel/transfers/${transferId}/cancel`)).status).toBe(418);
  });

  it('an unanswered transfer expires: the buyer no longer sees it and the seller may start another', async () => {
    const { vesselId, transferId } = await offered('owner2@demo.test', 'Expired Eight');
    await t.database
      .db('vessel_transfers')
      .where({ id: transferId })
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await t.call('GET', '/api/vessel/transfers', { token: tokens.owner2 })).body.data).toEqual([]);
    expect((await post('owner2', `/api/vessel/transfers/${transferId}/accept`, {})).status).toBe(418);
    expect((await post('owner', `/api/vessel/${vesselId}/transfer`, { email: 'owner2@demo.test' })).status).toBe(200);
  });
});

describe('accepting', () => {
  it('moves Blue Horizon to a new account in one go: the seller and grants not kept lose access, the subscription stays', async () => {
    const id = vessels['Blue Horizon'];
    // On board: the crew member and two companies; the buyer keeps the crew member and Riviera Yachts.
    await post('owner', `/api/vessel/${id}/addUser?email=crew@demo.test`);
    expect((await post('crew', `/api/vessel/${id}/acceptInvite`)).status).toBe(200);
    await post('owner', `/api/vessel/${id}/addCompany/${companies['Riviera Yachts']}`, { permissions: { deviceManager: 'VIEW' } });
    await post('owner', `/api/vessel/${id}/addCompany/${companies['Harbour Marine Services']}`, { permissions: { deviceManager: 'VIEW' } });
    for (const who of ['crew', 'dealer', 'contractor']) expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens[who] })).status).toBe(200);
    const subscriptionBefore = (await t.call('GET', `/api/vessel/${id}`, { token: tokens.owner })).body.data.vesselSubscription;

    expect((await post('owner', `/api/vessel/${id}/transfer`, { email: 'Buyer@Example.com' })).status).toBe(200);
    const transfer = (await post('owner', `/api/vessel/${id}/confirmTransfer?code=${await codeIn('owner@demo.test')}`)).body.data;
    expect(transfer.buyerEmail).toBe('buyer@example.com');

    // The buyer has no account: the mail's link creates one, as an invitation's does.
    const mail = (await lastMailTo(t.database.db, 'buyer@example.com'))!;
    expect(mail.subject).toBe('Blue Horizon is being transferred to you on Vessel Link');
    const token = linkToken(mail.text!, /token=([\w-]+)/);
    expect((await t.call('POST', '/api/register/resetPassword', { payload: { token, password: 'buyer-password-1' } })).status).toBe(200);
    const buyer = await t.login('buyer@example.com', 'buyer-password-1');
    const [incoming] = (await t.call('GET', '/api/vessel/transfers', { token: buyer })).body.data;
    expect(incoming).toMatchObject({ id: transfer.id, vesselId: id, status: 'pending' });
    expect(incoming.members).toEqual([expect.objectContaining({ userId: users.crew, email: 'crew@demo.test', pending: false })]);
    expect(incoming.companies.map((c: { name: string }) => c.name).sort()).toEqual(['Harbour Marine Services', 'Riviera Yachts']);

    expect((await t.call('POST', `/api/vessel/transfers/${transfer.id}/accept`, { token: buyer, payload: { keepMembers: ['x'] } })).status).toBe(400);
    const accepted = await t.call('POST', `/api/vessel/transfers/${transfer.id}/accept`, {
      token: buyer,
      payload: { keepMembers: [users.crew], keepCompanies: [companies['Riviera Yachts']] },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted' });

    const buyerId = (await t.call('GET', '/api/profile/details', { token: buyer })).body.data.id;
    const seen = await t.call('GET', `/api/vessel/${id}`, { token: buyer });
    expect(seen.body.data).toMatchObject({ ownerId: buyerId, name: 'Blue Horizon' });
    expect(seen.body.data.vesselSubscription).toEqual(subscriptionBefore);
    expect((await t.call('GET', '/api/vessel/basic', { token: buyer })).body.data.map((v: { name: string }) => v.name)).toEqual(['Blue Horizon']);
    // The seller and Harbour Marine Services are gone; the crew member and Riviera Yachts stay.
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.owner })).status).toBe(404);
    expect((await t.call('GET', '/api/vessel/basic', { token: tokens.owner })).body.data.map((v: { name: string }) => v.name)).not.toContain('Blue Horizon');
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.contractor })).status).toBe(404);
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.crew })).status).toBe(200);
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.dealer })).status).toBe(200);
    expect((await lastMailTo(t.database.db, 'owner@demo.test'))!.subject).toBe('Blue Horizon now belongs to buyer@example.com');

    // The vessel's audit log, which the new owner reads, records the transfer.
    const log = (await t.call('GET', `/api/vessel/${id}/logs/all`, { token: buyer })).body.data as Array<Record<string, any>>;
    const record = log.find((r) => r.action === 'ownership transferred');
    expect(record).toMatchObject({ actorEmail: 'buyer@example.com', vesselId: id, outcome: 200 });
    expect(record!.details).toMatchObject({
      transferId: transfer.id,
      from: { id: users.owner, email: 'owner@demo.test' },
      to: { id: buyerId, email: 'buyer@example.com' },
      removed: [{ companyId: companies['Harbour Marine Services'] }],
    });
    expect((await t.call('POST', `/api/vessel/transfers/${transfer.id}/accept`, { token: buyer, payload: {} })).status).toBe(418);
  });

  it('changes nothing when the seller no longer owns the vessel: the whole acceptance is undone', async () => {
    const { vesselId, transferId } = await offered('owner2@demo.test', 'Resold Runabout');
    await post('owner', `/api/vessel/${vesselId}/addUser?email=crew@demo.test`);
    // Behind the transfer's back, the vessel went to someone else (as the admin CLI could do).
    await t.database.db('vessels').where({ id: vesselId }).update({ owner_id: users.dealer });
    t.changedBehindTheServersBack();
    const refused = await post('owner2', `/api/vessel/transfers/${transferId}/accept`, {});
    expect(refused.status).toBe(418);
    expect(refused.body.message).toBe('The seller no longer owns this vessel');
    const row = await t.database.db('vessel_transfers').where({ id: transferId }).first();
    expect(row.status).toBe('pending');
    expect(Number((await t.database.db('vessel_members').where({ vessel_id: vesselId }).count({ n: '*' }).first())!.n)).toBe(1);
    expect(await t.database.db('audit_log').where({ vessel_id: vesselId, action: 'ownership transferred' }).first()).toBeUndefined();
  });
});
