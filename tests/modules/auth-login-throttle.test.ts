import Boom from '@hapi/boom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_LIMITS, LoginThrottle, delayAfter } from '../../src/modules/auth/login-throttle.js';
import { RateLimits } from '../../src/platform/rate-limit.js';

/** Runs an admission and answers its status: 200 admitted, 429 refused (with Retry-After). */
async function status(throttle: LoginThrottle, account: string, address: string): Promise<{ code: number; retryAfter?: number }> {
  try {
    await throttle.admit(account, address);
    return { code: 200 };
  } catch (err) {
    if (!Boom.isBoom(err)) throw err;
    return { code: err.output.statusCode, retryAfter: Number(err.output.headers['Retry-After']) };
  }
}

let throttle: LoginThrottle;
beforeEach(() => {
  // The counters read the clock through Date; moving it moves every window and delay.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T12:00:00Z') });
  throttle = new LoginThrottle(new RateLimits());
});
afterEach(() => vi.useRealTimers());

describe('the pair delay', () => {
  it('doubles after the free failures, up to the cap', () => {
    const delays = Array.from({ length: 20 }, (_, i) => delayAfter(i + 1));
    expect(delays.slice(0, LOGIN_LIMITS.freeFailures - 1).every((d) => d === 0)).toBe(true);
    expect(delays.slice(LOGIN_LIMITS.freeFailures - 1, LOGIN_LIMITS.freeFailures + 3)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...delays)).toBe(LOGIN_LIMITS.maxDelaySeconds);
  });

  it('admits one attempt per delay once the free ones are spent, and says how long to wait', async () => {
    for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++) expect((await status(throttle, 'a@x', '10.0.0.1')).code).toBe(200);
    expect(await status(throttle, 'a@x', '10.0.0.1')).toEqual({ code: 429, retryAfter: 1 });
    vi.advanceTimersByTime(1000);
    expect((await status(throttle, 'a@x', '10.0.0.1')).code).toBe(200);
    expect(await status(throttle, 'a@x', '10.0.0.1')).toEqual({ code: 429, retryAfter: 2 });
    vi.advanceTimersByTime(1000);
    expect(await status(throttle, 'a@x', '10.0.0.1')).toEqual({ code: 429, retryAfter: 1 });
    vi.advanceTimersByTime(1000);
    expect((await status(throttle, 'a@x', '10.0.0.1')).code).toBe(200);
    expect(await status(throttle, 'a@x', '10.0.0.1')).toEqual({ code: 429, retryAfter: 4 });
  });

  it('never waits longer than the cap', async () => {
    for (let i = 0; i < 40; i++) {
      await status(throttle, 'a@x', '10.0.0.1');
      vi.advanceTimersByTime(LOGIN_LIMITS.maxDelaySeconds * 1000);
    }
    expect((await status(throttle, 'a@x', '10.0.0.1')).code).toBe(200);
    expect((await status(throttle, 'a@x', '10.0.0.1')).retryAfter).toBe(LOGIN_LIMITS.maxDelaySeconds);
  });

  it('admits only the free attempts of a parallel burst', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => status(throttle, 'a@x', '10.0.0.1')));
    expect(results.filter((r) => r.code === 200)).toHaveLength(LOGIN_LIMITS.freeFailures);
  });

  it('starts afresh after a success, and leaves other pairs alone', async () => {
    for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++) await status(throttle, 'a@x', '10.0.0.1');
    expect((await status(throttle, 'a@x', '10.0.0.1')).code).toBe(429);
    expect((await status(throttle, 'a@x', '10.0.0.2')).code).toBe(200);
    expect((await status(throttle, 'b@x', '10.0.0.1')).code).toBe(200);
    await throttle.succeeded('a@x', '10.0.0.1');
    for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++) expect((await status(throttle, 'a@x', '10.0.0.1')).code).toBe(200);
  });
});

describe('the account and address limits', () => {
  it('limit an account guessed from many addresses', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount.points; i++) expect((await status(throttle, 'a@x', `10.1.${i >> 8}.${i & 255}`)).code).toBe(200);
    const refused = await status(throttle, 'a@x', '10.9.9.9');
    expect(refused.code).toBe(429);
    expect(refused.retryAfter).toBeGreaterThan(0);
  });

  it('keep one address from locking the owner out, however long it guesses', async () => {
    for (let minute = 0; minute < 60; minute++) {
      for (let i = 0; i < 20; i++) await status(throttle, 'a@x', '10.0.0.1');
      vi.advanceTimersByTime(60_000);
    }
    expect((await status(throttle, 'a@x', '10.0.0.2')).code).toBe(200);
  });

  it('limit an address trying many accounts', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress.points; i++) expect((await status(throttle, `user${i}@x`, '10.0.0.1')).code).toBe(200);
    expect((await status(throttle, 'another@x', '10.0.0.1')).code).toBe(429);
    expect((await status(throttle, 'another@x', '10.0.0.2')).code).toBe(200);
  });

  it('do not count successful sign-ins, so one office address never adds up', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress.points * 2; i++) {
      await throttle.admit(`user${i}@x`, '10.0.0.1');
      await throttle.succeeded(`user${i}@x`, '10.0.0.1');
    }
    expect((await status(throttle, 'another@x', '10.0.0.1')).code).toBe(200);
  });
});
