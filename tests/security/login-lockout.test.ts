/**
 * Distributed guessing (docs/security.md, "Login limits"): someone with many addresses spends an
 * account's shared login budget, and from then on a sign-in from an address the account never
 * used is refused. The owner's own devices are not: each shows the device key its last sign-in
 * gave it and has a budget of its own. A key for another account, or a forged one, buys nothing.
 * On a new device the owner asks for a one-time sign-in link by e-mail, which makes it a recognised one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { listOutbox } from '../../src/platform/mail.js';
import { DEMO_PASSWORD, createTestServer, type TestServer } from '../helpers/server.js';

let t: TestServer;
let ownersDevice: string;
let otherAccountsDevice: string;

const login = (username: string, password: string, remoteAddress: string, deviceKey?: string) =>
  t.call('POST', '/api/auth/login', { payload: { username, password, ...(deviceKey ? { deviceKey } : {}) }, remoteAddress });

beforeAll(async () => {
  t = await createTestServer({ demo: true });
  // The owner signed in from home once, before the attack; someone else from their own laptop.
  const home = await login('owner@demo.test', DEMO_PASSWORD, '203.0.113.7');
  expect(home.status).toBe(200);
  ownersDevice = home.body.data.deviceKey;
  otherAccountsDevice = (await login('owner2@demo.test', DEMO_PASSWORD, '203.0.113.8')).body.data.deviceKey;
});
afterAll(() => t.close());

describe('an account guessed at from 25 addresses', () => {
  it('refuses the guesses once the shared budget is spent', async () => {
    const answers: number[] = [];
    for (let address = 1; address <= 25; address++) {
      const guesses = Array.from({ length: 8 }, (_, guess) => login('owner@demo.test', `wrong-guess-${guess}`, `198.51.100.${address}`));
      for (const res of await Promise.all(guesses)) answers.push(res.status);
    }
    expect(answers).toHaveLength(200);
    expect(answers.every((status) => status === 401 || status === 429)).toBe(true);
    // No more guesses were checked than the account's shared budget.
    expect(answers.filter((status) => status === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount.points);
  }, 120_000); // 200 password checks: minutes on a loaded 2-core machine, not the default 30 s

  it('refuses the right password from an address and device the account never used', async () => {
    const res = await login('owner@demo.test', DEMO_PASSWORD, '192.0.2.200');
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many failed login attempts. Please try again later, or sign in with a one-time link sent by e-mail.');
  });

  it('lets the owner in from their own device, from a new address too', async () => {
    const res = await login('owner@demo.test', DEMO_PASSWORD, '192.0.2.201', ownersDevice);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.token).toEqual(expect.any(String));
    expect(res.body.data.deviceKey).toBe(ownersDevice);
  });

  it('recognises the owner’s browser by the cookie its last sign-in set, with no key in the request', async () => {
    const cookie = `vl_device=${otherAccountsDevice}~${ownersDevice}`;
    const res = await t.call('POST', '/api/auth/login', {
      payload: { username: 'owner@demo.test', password: DEMO_PASSWORD },
      headers: { cookie },
      remoteAddress: '192.0.2.203',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The key it was recognised by goes first; the other account's stays in the cookie.
    expect(String(res.headers['set-cookie'])).toContain(`vl_device=${ownersDevice}~${otherAccountsDevice};`);
  });

  it('recognises no key made for another account, nor a forged one', async () => {
    for (const key of [otherAccountsDevice, `${ownersDevice.split('.')[0]}.forged`, 'not-a-key'])
      expect((await login('owner@demo.test', DEMO_PASSWORD, '192.0.2.202', key)).status).toBe(429);
  });

  it('lets the owner in on a new device with a one-time link by e-mail, and recognises that device from then on', async () => {
    const address = '192.0.2.210';
    const asked = await t.call('POST', '/api/auth/signInLink?email=owner@demo.test', { remoteAddress: address });
    expect(asked.status).toBe(200);
    // An unknown address gets the same answer, and no mail.
    const unknown = await t.call('POST', '/api/auth/signInLink?email=nobody@example.com', { remoteAddress: address });
    expect(unknown.body).toEqual(asked.body);
    const mail = (await listOutbox(t.database.db)).find((m) => m.to === 'owner@demo.test' && m.subject === 'Vessel Link: your sign-in link');
    const token = /\/sign-in-link\?token=(\S+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();

    const redeemed = await t.call('POST', '/api/auth/signInLink/redeem', { payload: { token }, remoteAddress: address });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect((await t.call('POST', '/api/auth/checkSession', { token: redeemed.body.data.token })).status).toBe(200);
    // Once: the same link again is refused.
    expect((await t.call('POST', '/api/auth/signInLink/redeem', { payload: { token }, remoteAddress: address })).status).toBe(418);
    // The device it was redeemed on signs in with the password although the shared budget is still spent.
    expect((await login('owner@demo.test', DEMO_PASSWORD, address)).status).toBe(429);
    expect((await login('owner@demo.test', DEMO_PASSWORD, address, redeemed.body.data.deviceKey)).status).toBe(200);
  });

  it('limits tries at sign-in links per address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => t.call('POST', '/api/auth/signInLink/redeem', { payload: { token: `guess-${n}` }, remoteAddress: '192.0.2.220' })),
    );
    expect(answers.filter((a) => a.status === 418)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });
});
