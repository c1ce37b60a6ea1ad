/**
 * Actions that cost someone else something (an e-mail, an account) are limited, and the limit
 * holds under parallel requests (docs/security.md, "Rate limits"): here, invitations to a vessel,
 * per inviter and per vessel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LIMIT } from '../../src/modules/vessel/routes/members/add-user.js';
import { listOutbox } from '../../src/platform/mail.js';
import { createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
let owner: string;
let crew: string;
const vessels: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  owner = await t.login('owner@demo.test');
  crew = await t.login('crew@demo.test');
  for (const row of await t.database.db('vessels').select('id', 'name')) vessels[row.name] = row.id;
  // The crew member manages Sea Breeze's users too: a second inviter on the same vessel.
  const crewId = (await t.database.db('users').where({ email: 'crew@demo.test' }).first('id')).id;
  const made = await t.call('POST', `/api/vessel/${vessels['Sea Breeze']}/editPermissions`, {
    token: owner,
    payload: { userId: crewId, permissions: { userManager: 'MANAGE' } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
});
afterAll(() => t.close());

const invite = (token: string, vesselId: number, n: number) =>
  t.call('POST', `/api/vessel/${vesselId}/addUser?email=guest-${vesselId}-${n}@example.com`, { token });

describe('vessel invitations', () => {
  it('sends at most the limit of 60 parallel invitations from one inviter, the rest 429 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => invite(owner, vessels['Sea Breeze'], n)));
    const sent = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(sent).toHaveLength(INVITATION_LIMIT.points);
    expect(refused).toHaveLength(60 - INVITATION_LIMIT.points);
    expect(refused[0].body).toMatchObject({ ok: false, status: 429, message: 'Too many invitations. Please try again later.' });
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    // What reached people and the database: one e-mail and one pending account per invitation sent.
    const mails = (await listOutbox(t.database.db, 500)).filter((m) => m.to.startsWith(`guest-${vessels['Sea Breeze']}-`));
    expect(mails).toHaveLength(INVITATION_LIMIT.points);
    const accounts = await t.database.db('users').where('email', 'like', `guest-${vessels['Sea Breeze']}-%`).count({ n: '*' });
    expect(Number(accounts[0].n)).toBe(INVITATION_LIMIT.points);
  });

  it('keeps the inviter out of other vessels too once the limit is spent', async () => {
    const other = Object.entries(vessels).find(([name]) => name !== 'Sea Breeze')![1];
    expect((await invite(owner, other, 1)).status).toBe(429);
  });

  it('limits a vessel whoever invites: another manager of the same vessel is refused too', async () => {
    const res = await invite(crew, vessels['Sea Breeze'], 100);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many invitations to this vessel. Please try again later.');
  });
});
