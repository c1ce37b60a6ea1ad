/**
 * Pairing and unlinking a bridge over HTTP, and the rate limits on guessable codes and password
 * re-checks (429 with Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkToken } from '../helpers/mail.js';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../helpers/server.js';

let t: TestServer;
const tokens: Record<string, string> = {};
const vessels: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  for (const who of ['owner', 'owner2', 'crew', 'dealer', 'contractor', 'admin']) tokens[who] = await t.login(`${who}@demo.test`);
  for (const who of ['owner', 'owner2']) for (const v of (await t.call('GET', '/api/vessel/basic', { token: tokens[who] })).body.data) vessels[v.name] = v.id;
});
afterAll(() => t.close());

const provision = async (serial: string) =>
  (await t.call('POST', '/api/admin/reportingClients', { token: tokens.admin, payload: { serial } })).body.data as { id: number; pairingCode: string };
const pair = (who: string, vesselId: number, code: string, remoteAddress?: string) =>
  t.call('POST', `/api/vessel/${vesselId}/pair?pairingCode=${code}`, { token: tokens[who], remoteAddress });
const bridgeOf = async (vesselId: number) => (await t.call('GET', `/api/vessel/${vesselId}`, { token: tokens.owner2 })).body.data.reportingClient;

describe('pairing', () => {
  it('pairs with the printed code, refuses unknown codes (418) and second pairings (409), owner only', async () => {
    const bridge = await provision('BR-HTTP-1');
    const northern = vessels['Northern Star'];
    const unknown = await pair('owner2', northern, 'ZZZZZZZZ');
    expect(unknown.status).toBe(418);
    expect(unknown.body.message).toMatch(/pairing code is not valid/);
    // The contractor's company has technical access to Northern Star, but pairing is the owner's.
    expect((await pair('contractor', northern, bridge.pairingCode)).status).toBe(403);
    expect((await pair('owner', northern, bridge.pairingCode)).status).toBe(404);

    const paired = await pair('owner2', northern, bridge.pairingCode.toLowerCase());
    expect(paired.status).toBe(200);
    expect(paired.body.data.reportingClient).toMatchObject({ id: bridge.id, serial: 'BR-HTTP-1' });
    expect(await bridgeOf(northern)).toMatchObject({ id: bridge.id, serial: 'BR-HTTP-1' });

    // The same bridge on another vessel, and a second bridge on this one.
    expect((await pair('owner', vessels['Sea Breeze'], bridge.pairingCode)).status).toBe(409);
    const second = await provision('BR-HTTP-2');
    expect((await pair('owner2', northern, second.pairingCode)).status).toBe(409);
  });

  it('unlinks in two steps; the old code stops working and the bridge is free for another vessel', async () => {
    const northern = vessels['Northern Star'];
    const before = await bridgeOf(northern);
    expect((await t.call('POST', `/api/vessel/${northern}/unlinkClient`, { token: tokens.contractor })).status).toBe(403);
    const asked = await t.call('POST', `/api/vessel/${northern}/unlinkClient`, { token: tokens.owner2 });
    expect(asked.status).toBe(200);
    const mail = await lastMailTo(t.database.db, 'owner2@demo.test');
    expect(mail?.text).toMatch(/unlink the bridge of Northern Star/);
    const code = linkToken(mail!.text!, /\n\n([A-Z0-9]{8})\n\n/);

    expect((await t.call('POST', `/api/vessel/${northern}/completeClientUnlink?code=AAAAAAAA`, { token: tokens.owner2 })).status).toBe(418);
    expect(await bridgeOf(northern)).toMatchObject({ id: before.id });
    const done = await t.call('POST', `/api/vessel/${northern}/completeClientUnlink?code=${code}`, { token: tokens.owner2 });
    expect(done.body).toEqual({ ok: true, data: { unlinked: true, bridge: { serial: 'BR-HTTP-1', pairingCode: expect.stringMatching(/^[A-Z0-9]{8}$/) } } });
    expect(await bridgeOf(northern)).toBeNull();
    expect((await t.call('POST', `/api/vessel/${northern}/completeClientUnlink?code=${code}`, { token: tokens.owner2 })).status).toBe(418);
    expect((await t.call('POST', `/api/vessel/${northern}/unlinkClient`, { token: tokens.owner2 })).status).toBe(418);

    const listed = (await t.call('GET', '/api/admin/reportingClients?q=BR-HTTP-1', { token: tokens.admin })).body.data;
    expect(listed).toEqual([expect.objectContaining({ id: before.id, vesselId: null })]);
    const fresh = (await t.call('PUT', `/api/admin/reportingClients/${before.id}`, { token: tokens.admin, payload: { newPairingCode: true } })).body.data
      .pairingCode;
    expect((await pair('owner', vessels['Blue Horizon'], fresh)).status).toBe(200);
  });

  it('gives the bridge a fresh pairing code on unlink: the one printed before no longer pairs', async () => {
    const bridge = await provision('BR-HTTP-3');
    const northern = vessels['Northern Star'];
    expect((await pair('owner2', northern, bridge.pairingCode)).status).toBe(200);
    await t.call('POST', `/api/vessel/${northern}/unlinkClient`, { token: tokens.owner2 });
    const code = linkToken((await lastMailTo(t.database.db, 'owner2@demo.test'))!.text!, /\n\n([A-Z0-9]{8})\n\n/);
    const done = await t.call('POST', `/api/vessel/${northern}/completeClientUnlink?code=${code}`, { token: tokens.owner2 });
    expect((await pair('owner2', northern, bridge.pairingCode)).status).toBe(418);
    // The fresh code the owner was shown pairs it again.
    expect((await pair('owner2', northern, done.body.data.bridge.pairingCode)).status).toBe(200);
  });
});

describe('rate limits', () => {
  const expectLimited = (res: { status: number; headers: Record<string, unknown>; body: { message: string } }) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  };

  it('allows 10 pairing attempts per user in 15 minutes, whatever the address', async () => {
    const vesselId = (await t.call('POST', '/api/vessel/create', { token: tokens.crew, payload: { name: 'Crew Skiff' } })).body.data.id;
    for (let i = 0; i < 10; i++) expect((await pair('crew', vesselId, 'WRONGCODE', `198.51.100.${i + 1}`)).status).toBe(418);
    expectLimited(await pair('crew', vesselId, 'WRONGCODE', '198.51.100.99'));
  });

  it('allows 10 pairing attempts per address in 15 minutes, whoever asks', async () => {
    const dealerVessel = (await t.call('POST', '/api/vessel/create', { token: tokens.dealer, payload: { name: 'Dealer Demo Boat' } })).body.data.id;
    const ownerVessel = vessels['Sea Breeze'];
    for (let i = 0; i < 5; i++) expect((await pair('dealer', dealerVessel, 'WRONGCODE', '203.0.113.5')).status).toBe(418);
    for (let i = 0; i < 5; i++) expect((await pair('owner', ownerVessel, 'WRONGCODE', '203.0.113.5')).status).toBe(418);
    expectLimited(await pair('owner', ownerVessel, 'WRONGCODE', '203.0.113.5'));
    expect((await pair('owner', ownerVessel, 'WRONGCODE', '203.0.113.6')).status).toBe(418);
  });

  it('allows 5 password re-checks of reboot per user in 15 minutes', async () => {
    const bridge = await provision('BR-HTTP-REBOOT');
    const northern = vessels['Northern Star'];
    await t.database.db('bridges').where({ vessel_id: northern }).update({ vessel_id: null });
    expect((await pair('owner2', northern, bridge.pairingCode, '192.0.2.1')).status).toBe(200);
    const reboot = (password: string) => t.call('POST', `/api/vessel/${northern}/reboot?adminPassword=${password}`, { token: tokens.owner2 });
    const offline = await reboot(DEMO_PASSWORD);
    expect(offline.status).toBe(418);
    expect(offline.body.message).toBe('Vessel is offline');
    for (let i = 0; i < 4; i++) expect((await reboot('not-my-password')).body.message).toBe('The password is not correct');
    expectLimited(await reboot(DEMO_PASSWORD));
  });
});
