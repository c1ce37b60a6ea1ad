/**
 * An interface token posts with its holder's access and dies with it (docs/security.md, "Interface
 * tokens"): a contractor inside a time-boxed job adds an interface; when the job ends by itself its
 * token is refused, while the owner's keeps working; and nobody takes over a token that works
 * for someone else by asking for a new one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { pairedBridge } from '../mqtt/helpers.js';

let t: TestServer;
const tokens: Record<string, string> = {};
let vesselId: number;
const realNow = Date.now();

const at = (ms: number) => {
  t.server.app.ctx.clock.set(ms);
};
const delta = (volts: number) => ({
  updates: [{ timestamp: new Date(realNow).toISOString(), values: [{ path: 'electrical.batteries.house.voltage', value: volts }] }],
});
const postDelta = (token: string, volts: number) =>
  t.call('POST', '/api/interfaces/delta', { headers: { authorization: `Bearer ${token}` }, payload: delta(volts), remoteAddress: '203.0.113.40' });
const addInterface = async (who: string, name: string) => {
  const res = await t.call('POST', `/api/vessel/${vesselId}/interfaces/new`, { token: tokens[who], payload: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; token: string; tokenHolderId: number };
};

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['admin', 'owner2', 'contractor']) tokens[who] = await t.login(`${who}@demo.test`);
  // Northern Star, where Harbour Marine Services' contractor has deviceManager MANAGE for three weeks.
  vesselId = (await pairedBridge(t, tokens.admin, 'Northern Star', 'BR-INTERFACE-TOKENS')).vesselId;
});
afterAll(() => t.close());

describe('interface tokens', () => {
  let owners: { id: number; token: string };
  let contractors: { id: number; token: string };

  it("post while their holders manage the vessel's devices", async () => {
    at(realNow);
    owners = await addInterface('owner2', 'Shore-power meter');
    contractors = await addInterface('contractor', 'Service logger');
    expect((await postDelta(owners.token, 12.8)).status).toBe(200);
    expect((await postDelta(contractors.token, 12.9)).status).toBe(200);
  });

  it("refuse to hand someone else's working token to a contractor, and leave it working", async () => {
    const taken = await t.call('GET', `/api/interfaces/${owners.id}/token`, { token: tokens.contractor });
    expect(taken.status).toBe(403);
    expect(taken.body.message).toContain('belongs to the person who issued it');
    expect(JSON.stringify(taken.body)).not.toMatch(/"token"/);
    expect((await postDelta(owners.token, 12.7)).status).toBe(200);
  });

  it("die when the contractor's job ends by itself; the owner's token goes on", async () => {
    const job = (await t.call('GET', `/api/vessel/${vesselId}/directory`, { token: tokens.owner2 })).body.data.find(
      (m: { kind: string }) => m.kind === 'company',
    );
    at(Date.parse(job.endsAt) + 1000);
    const refused = await postDelta(contractors.token, 13.0);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toContain('no longer manages');
    expect((await postDelta(owners.token, 12.6)).status).toBe(200);
  });

  it('let the owner issue a token of their own for an interface whose holder has gone', async () => {
    const issued = await t.call('GET', `/api/interfaces/${contractors.id}/token`, { token: tokens.owner2 });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect((await postDelta(issued.body.data.token, 12.5)).status).toBe(200);
    expect((await postDelta(contractors.token, 12.5)).status).toBe(401);
    const listed = (await t.call('GET', `/api/vessel/${vesselId}/interfaces`, { token: tokens.owner2 })).body.data;
    expect(listed.find((i: { id: number }) => i.id === contractors.id).tokenHolderId).toBe(issued.body.data.tokenHolderId);
  });
});
