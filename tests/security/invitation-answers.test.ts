/**
 * An invitation tells the inviter nothing about the account behind the address (docs/security.md,
 * "Invitations"): the answer and the pending row in the vessel's directory read the same for an
 * address with an account and one without, until the invitee accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
let owner: string;
let seaBreeze: number;

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  owner = await t.login('owner@demo.test');
  seaBreeze = (await t.call('GET', '/api/vessel/basic', { token: owner })).body.data.find((v: { name: string }) => v.name === 'Sea Breeze').id;
});
afterAll(() => t.close());

const invite = (email: string) => t.call('POST', `/api/vessel/${seaBreeze}/addUser?email=${email}`, { token: owner });
const pendingRow = async (email: string) =>
  (await t.call('GET', `/api/vessel/${seaBreeze}/directory`, { token: owner })).body.data.find((m: { email?: string }) => m.email === email);

describe('an invitation', () => {
  it('answers alike for an address with an account (Oscar Owner) and one without', async () => {
    const known = await invite('owner2@demo.test');
    const unknown = await invite('nobody-yet@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body.data).toEqual({ vesselId: seaBreeze, email: 'owner2@demo.test', pending: true });
    expect(unknown.body.data).toEqual({ vesselId: seaBreeze, email: 'nobody-yet@example.com', pending: true });
  });

  it("shows the pending rows without the account's name until the invitee accepts", async () => {
    expect(await pendingRow('owner2@demo.test')).toMatchObject({ pending: true, firstName: '', lastName: '' });
    expect(await pendingRow('nobody-yet@example.com')).toMatchObject({ pending: true, firstName: '', lastName: '' });
    const invitee = await t.login('owner2@demo.test');
    expect((await t.call('POST', `/api/vessel/${seaBreeze}/acceptInvite`, { token: invitee })).status).toBe(200);
    expect(await pendingRow('owner2@demo.test')).toMatchObject({ pending: false, firstName: 'Oscar', lastName: 'Owner' });
  });
});
