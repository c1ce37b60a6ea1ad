import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { lastMailTo } from '../helpers/mail.js';

let t: TestServer;
const tokens: Record<string, string> = {};
const vessels: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'owner2', 'crew', 'admin']) tokens[who] = await t.login(`${who}@demo.test`);
  for (const who of ['owner', 'owner2']) for (const v of (await t.call('GET', '/api/vessel/basic', { token: tokens[who] })).body.data) vessels[v.name] = v.id;
});
afterAll(() => t.close());

const mailCount = async () => Number((await t.database.db('mail_outbox').count<{ n: number }[]>({ n: '*' }).first())?.n);

describe('asking a vessel’s owner for access', () => {
  it('tells the owner by e-mail and on the Users tab, and the grant makes the asker a member', async () => {
    const id = vessels['Sea Breeze'];
    const asked = await t.call('POST', `/api/vessel/${id}/requestAccess`, { token: tokens.owner2, payload: { message: 'Skipper for the regatta' } });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual({ vesselId: id, requested: true });
    const mail = await lastMailTo(t.database.db, 'owner@demo.test');
    expect(mail).toMatchObject({ subject: 'owner2@demo.test asks for access to Sea Breeze' });
    expect(mail!.text).toContain('Skipper for the regatta');
    expect(mail!.text).toContain(`/dashboard/vessels/${id}/users`);

    // Asking again while the request is open mails nobody twice.
    const before = await mailCount();
    await t.call('POST', `/api/vessel/${id}/requestAccess`, { token: tokens.owner2 });
    expect(await mailCount()).toBe(before);

    const open = (await t.call('GET', `/api/vessel/${id}/accessRequests`, { token: tokens.owner })).body.data;
    expect(open).toEqual([expect.objectContaining({ userId: expect.any(Number), email: 'owner2@demo.test', message: 'Skipper for the regatta' })]);

    const granted = await t.call('POST', `/api/vessel/${id}/grant`, {
      token: tokens.owner,
      payload: { userId: open[0].userId, permissions: { deviceManager: 'VIEW' } },
    });
    expect(granted.status).toBe(200);
    const seen = (await t.call('GET', `/api/vessel/${id}/currentUserPerms`, { token: tokens.owner2 })).body.data;
    expect(seen).toMatchObject({ deviceManager: 'VIEW', userManager: 'DENY' });
    expect((await t.call('GET', `/api/vessel/${id}/accessRequests`, { token: tokens.owner })).body.data).toEqual([]);
  });

  it('answers the same whether or not the vessel exists, and mails nobody for a missing one', async () => {
    const before = await mailCount();
    const missing = await t.call('POST', '/api/vessel/999999/requestAccess', { token: tokens.crew });
    expect(missing.status).toBe(200);
    expect(missing.body.data).toEqual({ vesselId: 999999, requested: true });
    expect(await mailCount()).toBe(before);
  });

  it('lets the owner decline, after which the request is gone and the asker still sees nothing', async () => {
    const id = vessels['Northern Star'];
    await t.call('POST', `/api/vessel/${id}/requestAccess`, { token: tokens.crew });
    const [request] = (await t.call('GET', `/api/vessel/${id}/accessRequests`, { token: tokens.owner2 })).body.data;
    expect(request.email).toBe('crew@demo.test');
    // Another tenant cannot see or decide it.
    expect((await t.call('GET', `/api/vessel/${id}/accessRequests`, { token: tokens.owner })).status).toBe(404);
    expect((await t.call('POST', `/api/vessel/${id}/accessRequests/${request.requestId}/decline`, { token: tokens.owner })).status).toBe(404);

    expect((await t.call('POST', `/api/vessel/${id}/accessRequests/${request.requestId}/decline`, { token: tokens.owner2 })).body.data).toEqual({
      requestId: request.requestId,
      declined: true,
    });
    expect((await t.call('GET', `/api/vessel/${id}/accessRequests`, { token: tokens.owner2 })).body.data).toEqual([]);
    expect((await t.call('POST', `/api/vessel/${id}/accessRequests/${request.requestId}/decline`, { token: tokens.owner2 })).status).toBe(404);
    expect((await t.call('GET', `/api/vessel/${id}`, { token: tokens.crew })).status).toBe(404);
  });

  it('keeps members without userManager from the requests', async () => {
    expect((await t.call('GET', `/api/vessel/${vessels['Sea Breeze']}/accessRequests`, { token: tokens.crew })).status).toBe(403);
  });

  it('limits how often one person may ask', async () => {
    for (let i = 1; i <= 5; i++) expect((await t.call('POST', `/api/vessel/${900000 + i}/requestAccess`, { token: tokens.admin })).status).toBe(200);
    const refused = await t.call('POST', '/api/vessel/900006/requestAccess', { token: tokens.admin });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
