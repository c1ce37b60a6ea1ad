import { createHmac } from 'node:crypto';
import Jwt from '@hapi/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../helpers/server.js';
import { lastMailTo, linkToken } from '../helpers/mail.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { REGISTER_LIMITS } from '../../src/modules/auth/service.js';
import { listOutbox } from '../../src/platform/mail.js';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ demo: true });
});
afterAll(() => t.close());

let nextAddress = 1;
/** Each call from its own address unless one is given, so per-address limits do not spill over. */
const login = (username: string, password: string, remoteAddress = `10.0.0.${nextAddress++}`) =>
  t.call('POST', '/api/auth/login', { payload: { username, password }, remoteAddress });

describe('login', () => {
  it('answers a session key for the right password, and a key that recognises this device next time', async () => {
    const res = await login('owner@demo.test', 'vessel-link-demo');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { token: expect.any(String), deviceKey: expect.stringMatching(/^[\w-]+\.[\w-]+$/) } });
  });

  it('answers 401 in the envelope for a wrong password, and the same for an unknown address', async () => {
    const wrong = await login('owner2@demo.test', 'not-the-password');
    const unknown = await login('nobody@demo.test', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ ok: false, status: 401, error: 'Unauthorized', message: 'Invalid e-mail or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('names the field when the input is invalid', async () => {
    const res = await t.call('POST', '/api/auth/login', { payload: { username: 'not-an-email', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/username/);
  });

  it('accepts any letter case of the e-mail address', async () => {
    expect((await login('OWNER@Demo.Test', 'vessel-link-demo')).status).toBe(200);
  });
});

describe('login rate limit', () => {
  const createUser = async (email: string, password: string) => {
    const created = await t.call('POST', '/api/admin/users', { token: await t.login('admin@demo.test'), payload: { email, password } });
    expect(created.status).toBe(200);
  };

  it('counts guesses before checking them: of 50 parallel guesses and the right password, most are refused unchecked', async () => {
    await createUser('target@demo.test', 'correct-horse-battery');
    // Time stands still during the burst, so no delay can run out while the requests queue up.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const guesses = Array.from({ length: 50 }, (_, i) => login('target@demo.test', `wrong-${i}`, '198.51.100.1'));
      const all = await Promise.all([...guesses, login('target@demo.test', 'correct-horse-battery', '198.51.100.1')]);
      const refused = all.filter((r) => r.status === 429);
      const checked = all.filter((r) => r.status !== 429);
      // A success clears the pair (that is what it is for): attempts counted after it start afresh.
      const budget = all[50].status === 200 ? 2 * LOGIN_LIMITS.freeFailures : LOGIN_LIMITS.freeFailures;
      expect(checked.length).toBeLessThanOrEqual(budget);
      expect(checked.every((r) => r.status === 401 || r.status === 200)).toBe(true);
      expect(refused.length).toBeGreaterThanOrEqual(all.length - budget);
      expect(refused[0].body).toMatchObject({ ok: false, status: 429 });
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not lock the owner out from another address', async () => {
    expect((await login('target@demo.test', 'correct-horse-battery', '198.51.100.2')).status).toBe(200);
  });

  it('refuses the pair after the free failures, even with the right password, and says how long to wait', async () => {
    await createUser('slow@demo.test', 'correct-horse-battery');
    // Time stands still, so the first delay cannot run out between two slow password checks: the
    // limiter's windows end by a timer as well as by the date, so both are held.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: Date.now() });
    try {
      for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++) expect((await login('slow@demo.test', `wrong-${i}`, '198.51.100.3')).status).toBe(401);
      const next = await login('slow@demo.test', 'correct-horse-battery', '198.51.100.3');
      expect(next.status).toBe(429);
      expect(Number(next.headers['retry-after'])).toBe(LOGIN_LIMITS.firstDelaySeconds);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears the pair’s failures on a successful login', async () => {
    await createUser('forgetful@demo.test', 'correct-horse-battery');
    const address = '198.51.100.4';
    for (let i = 0; i < LOGIN_LIMITS.freeFailures - 1; i++) expect((await login('forgetful@demo.test', `wrong-${i}`, address)).status).toBe(401);
    expect((await login('forgetful@demo.test', 'correct-horse-battery', address)).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.freeFailures - 1; i++) expect((await login('forgetful@demo.test', `wrong-again-${i}`, address)).status).toBe(401);
  });

  it('still lets other accounts sign in', async () => {
    expect((await login('owner2@demo.test', 'vessel-link-demo')).status).toBe(200);
  });

  // Fifty password hashes: more time than the default on two shared cores.
  it('limits an address that fails against many accounts, and no other address', async () => {
    const probes = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perAddress.points }, (_, i) => login(`probe${i}@demo.test`, 'wrong-password', '192.0.2.7')),
    );
    expect(probes.every((r) => r.status === 401)).toBe(true);
    const limited = await login('owner@demo.test', 'vessel-link-demo', '192.0.2.7');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('owner@demo.test', 'vessel-link-demo', '192.0.2.8')).status).toBe(200);
  }, 120_000);
});

describe('sessions', () => {
  it('checkSession describes the signed-in user', async () => {
    const token = await t.login('dealer@demo.test');
    const res = await t.call('POST', '/api/auth/checkSession', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'dealer@demo.test', firstName: 'Dana', corporate: true, companyKind: 'dealer', isAdmin: false });
  });

  it('refuses a call without a session, with a malformed key, or after logout', async () => {
    expect((await t.call('GET', '/api/profile/details')).status).toBe(401);
    expect((await t.call('GET', '/api/profile/details', { token: 'garbage' })).status).toBe(401);
    const token = await t.login('owner@demo.test');
    expect((await t.call('GET', '/api/profile/details', { token })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', { token })).status).toBe(200);
    const after = await t.call('GET', '/api/profile/details', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses unsigned, foreign-audience, wrongly signed and expired tokens', async () => {
    const token = await t.login('owner@demo.test');
    const [, payloadPart] = token.split('.');
    const claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString());
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payloadPart}.`;
    const sign = (c: Record<string, unknown>, key = t.config.sessionSecret) => Jwt.token.generate(c, { key, algorithm: 'HS256' });
    const otherAudience = sign({ ...claims, aud: 'another-service' });
    const wrongKey = sign(claims, 'x'.repeat(48));
    const expired = sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 });
    const sameButResigned = sign(claims);
    for (const bad of [unsigned, otherAudience, wrongKey, expired]) {
      expect((await t.call('GET', '/api/profile/details', { token: bad })).status).toBe(401);
    }
    // The control: a correctly signed copy of the same claims is accepted.
    expect((await t.call('GET', '/api/profile/details', { token: sameButResigned })).status).toBe(200);
  });

  it('refuses a key it has accepted once it expires, and any altered copy of it', async () => {
    const token = await t.login('owner@demo.test');
    expect((await t.call('GET', '/api/profile/details', { token })).status).toBe(200);
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    expect((await t.call('GET', '/api/profile/details', { token: `${header}.${payload}.${flipped}` })).status).toBe(401);
    // Keys and session rows expire on the wall clock (the server's own clock moves grants).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(JSON.parse(Buffer.from(payload, 'base64url').toString()).exp * 1000 + 1000);
      const after = await t.call('GET', '/api/profile/details', { token });
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ message: 'Token expired' });
    } finally {
      vi.useRealTimers();
    }
    expect((await t.call('GET', '/api/profile/details', { token })).status).toBe(200);
  });

  it('keeps accepting keys signed before the move to @hapi/jwt', async () => {
    const token = await t.login('owner@demo.test');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    // What the earlier signer (jose's SignJWT) wrote: its header, its claim order, HMAC-SHA256.
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const signed = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sid: claims.sid, sub: claims.sub, iss: 'vessel-link', aud: 'vessel-link-api', iat: claims.iat, exp: claims.exp })}`;
    const earlier = `${signed}.${createHmac('sha256', t.config.sessionSecret).update(signed).digest('base64url')}`;
    expect((await t.call('GET', '/api/profile/details', { token: earlier })).status).toBe(200);
  });

  it('never takes the session key from the query (links carry link keys: tests/security/link-keys.test.ts)', async () => {
    const token = await t.login('owner@demo.test');
    expect((await t.call('GET', `/api/profile/details?sessionKey=${token}`)).status).toBe(401);
  });
});

describe('registration', () => {
  it('creates a pending account, e-mails a link, and activates it', async () => {
    const payload = { email: 'new.sailor@example.com', password: 'a-long-password-1', firstName: 'New', lastName: 'Sailor' };
    const res = await t.call('POST', '/api/register/createAccount', { payload });
    expect(res.status).toBe(200);
    expect((await login(payload.email, payload.password)).body.message).toBe('Please confirm your e-mail address first');
    const mail = await lastMailTo(t.database.db, payload.email);
    const code = linkToken(mail!.text!, /complete-registration\/([\w-]+)/);
    expect((await t.call('POST', '/api/register/completeRegistration', { payload: { verificationCode: code } })).status).toBe(200);
    expect((await login(payload.email, payload.password)).status).toBe(200);
    const reused = await t.call('POST', '/api/register/completeRegistration', { payload: { verificationCode: code } });
    expect(reused.status).toBe(418);
  });

  it('answers an existing address exactly like a new one', async () => {
    const fresh = await t.call('POST', '/api/register/createAccount', {
      payload: { email: 'fresh@example.com', password: 'a-long-password-1', firstName: 'A', lastName: 'B' },
    });
    const existing = await t.call('POST', '/api/register/createAccount', {
      payload: { email: 'owner@demo.test', password: 'a-long-password-1', firstName: 'A', lastName: 'B' },
    });
    expect(existing.status).toBe(fresh.status);
    expect(existing.body).toEqual(fresh.body);
    // The real owner keeps their password.
    expect((await login('owner@demo.test', 'vessel-link-demo')).status).toBe(200);
  });

  it('refuses passwords shorter than 12 or longer than 128 characters', async () => {
    const base = { email: 'short@example.com', firstName: 'A', lastName: 'B' };
    const short = await t.call('POST', '/api/register/createAccount', { payload: { ...base, password: 'elevenchars' } });
    expect(short.status).toBe(400);
    // The words the web app shows beside the field (contracts/passwords.ts), not Joi's.
    expect(short.body.message).toBe('Use at least 12 characters for the password.');
    const long = await t.call('POST', '/api/register/createAccount', { payload: { ...base, password: 'x'.repeat(129) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Use at most 128 characters for the password.');
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const known = await t.call('POST', '/api/register/forgottenPassword?email=crew@demo.test');
    const unknown = await t.call('POST', '/api/register/forgottenPassword?email=ghost@demo.test');
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await lastMailTo(t.database.db, 'ghost@demo.test')).toBeNull();
    expect((await lastMailTo(t.database.db, 'crew@demo.test'))?.subject).toMatch(/reset/i);
  });

  it('sets a new password once, ends existing sessions, and refuses the token a second time', async () => {
    const oldSession = await t.login('crew@demo.test');
    await t.call('POST', '/api/register/forgottenPassword?email=crew@demo.test');
    const token = linkToken((await lastMailTo(t.database.db, 'crew@demo.test'))!.text!, /token=([\w-]+)/);
    expect(token.length).toBeGreaterThanOrEqual(22); // >= 128 bits in base64url
    const reset = await t.call('POST', '/api/register/resetPassword', { payload: { token, password: 'brand-new-password' } });
    expect(reset.status).toBe(200);
    expect((await t.call('GET', '/api/profile/details', { token: oldSession })).status).toBe(401);
    expect((await login('crew@demo.test', 'brand-new-password')).status).toBe(200);
    const again = await t.call('POST', '/api/register/resetPassword', { payload: { token, password: 'another-password-1' } });
    expect(again.status).toBe(418);
    expect((await login('crew@demo.test', 'another-password-1')).status).toBe(401);
  });

  it('refuses an expired reset token', async () => {
    await t.call('POST', '/api/register/forgottenPassword?email=owner2@demo.test');
    const token = linkToken((await lastMailTo(t.database.db, 'owner2@demo.test'))!.text!, /token=([\w-]+)/);
    await t.database
      .db('one_time_tokens')
      .where({ purpose: 'reset_password' })
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const res = await t.call('POST', '/api/register/resetPassword', { payload: { token, password: 'brand-new-password' } });
    expect(res.status).toBe(418);
  });
});

describe('registration limits', () => {
  const forgotten = (email: string, remoteAddress: string) =>
    t.call('POST', `/api/register/forgottenPassword?email=${encodeURIComponent(email)}`, { remoteAddress });

  it('sends one address only a few reset mails an hour, whoever asks, and answers unknown addresses alike', async () => {
    const { points } = REGISTER_LIMITS.mailsPerRecipient;
    for (const email of ['contractor@demo.test', 'no-such-sailor@demo.test']) {
      for (let i = 0; i < points; i++) expect((await forgotten(email, `203.0.113.${10 + i}`)).status).toBe(200);
      const refused = await forgotten(email, '203.0.113.99');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const mails = (await listOutbox(t.database.db, 500)).filter((m) => m.to === 'contractor@demo.test');
    expect(mails).toHaveLength(points);
  });

  it('limits reset requests and new accounts per address', async () => {
    for (let i = 0; i < REGISTER_LIMITS.resetsPerAddress.points; i++) expect((await forgotten(`someone${i}@example.com`, '203.0.113.60')).status).toBe(200);
    expect((await forgotten('someone-else@example.com', '203.0.113.60')).status).toBe(429);
    const account = (i: number) => ({ email: `sailor${i}@example.com`, password: 'a-long-password-1', firstName: 'A', lastName: 'B' });
    for (let i = 0; i < REGISTER_LIMITS.accountsPerAddress.points; i++) {
      expect((await t.call('POST', '/api/register/createAccount', { payload: account(i), remoteAddress: '203.0.113.61' })).status).toBe(200);
    }
    expect((await t.call('POST', '/api/register/createAccount', { payload: account(99), remoteAddress: '203.0.113.61' })).status).toBe(429);
    expect((await t.call('POST', '/api/register/createAccount', { payload: account(99), remoteAddress: '203.0.113.62' })).status).toBe(200);
  });
});

describe('security headers', () => {
  it('are on API answers, errors and the web app', async () => {
    for (const url of ['/api/utility/version', '/api/nope', '/']) {
      const res = await t.call('GET', url);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});
