/**
 * How many password guesses a login may cost (docs/architecture.md, "Sessions and secrets").
 *
 * Every attempt is counted before its password is checked, so a burst of parallel guesses is
 * refused at once instead of racing the counter. Three counters:
 * - per (account, address): a few free failures, then one attempt per delay that doubles up to
 *   15 minutes. It slows the guesser without touching the owner signing in from elsewhere, and a
 *   success clears it. Attempts racing through an open gate are counted too, so a burst spends
 *   its doublings at once.
 * - per address across accounts: one address spraying one password over many accounts.
 * - per account across addresses: many addresses guessing one account; set above what one
 *   address can reach through its own pair delay, so one address cannot lock the owner out.
 *   A device the account signed in from before (it shows the device key the last success gave
 *   it, `DeviceKeys`) counts against a budget of its own instead, so guessing from many
 *   addresses, which spends the shared budget, does not lock the owner out of their own devices.
 * A successful attempt gives its point back to the last two, so people signing in from one
 * office address never add up to a limit.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Limiter, RateLimits } from '../../platform/rate-limit.js';
import { tooManyRequests } from '../../platform/rate-limit.js';

export const LOGIN_LIMITS = {
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  /** How long a pair's failures are remembered without a success. */
  pairMemorySeconds: 24 * 60 * 60,
  perAddress: { points: 50, windowSeconds: 15 * 60 },
  perAccount: { points: 100, windowSeconds: 15 * 60 },
} as const;

const MESSAGE = 'Too many failed login attempts. Please try again later, or sign in with a one-time link sent by e-mail.';

/** The wait after the n-th attempt of a pair (n counted from 1): none before the free ones run out. */
export function delayAfter(attempt: number): number {
  if (attempt < LOGIN_LIMITS.freeFailures) return 0;
  const doublings = attempt - LOGIN_LIMITS.freeFailures;
  return Math.min(LOGIN_LIMITS.maxDelaySeconds, LOGIN_LIMITS.firstDelaySeconds * 2 ** Math.min(doublings, 30));
}

export class LoginThrottle {
  private readonly attempts: Limiter;
  private readonly gate: Limiter;
  private readonly perAddress: Limiter;
  private readonly perAccount: Limiter;

  constructor(limits: RateLimits) {
    // The attempt counter itself never refuses below this bound; the gate does the slowing.
    this.attempts = limits.limiter('login.pair.attempts', { points: 10_000, windowSeconds: LOGIN_LIMITS.pairMemorySeconds }, MESSAGE);
    this.gate = limits.limiter('login.pair.gate', { points: 1, windowSeconds: LOGIN_LIMITS.firstDelaySeconds }, MESSAGE);
    this.perAddress = limits.limiter('login.address', LOGIN_LIMITS.perAddress, MESSAGE);
    this.perAccount = limits.limiter('login.account', LOGIN_LIMITS.perAccount, MESSAGE);
  }

  /**
   * Counts an attempt of `account` from `address`, or throws 429 with Retry-After. `device` names
   * a recognised device of the account (checked by the caller): its attempts have their own budget.
   */
  async admit(account: string, address: string, device: string | null = null): Promise<void> {
    const pair = pairKey(account, address);
    // Someone waiting out a delay is told so without lengthening it.
    const wait = await this.gate.retryAfter(pair);
    if (wait > 0) throw tooManyRequests(wait, MESSAGE);
    const attempt = await this.attempts.consume(pair);
    const delay = delayAfter(attempt);
    if (delay > 0) {
      // One attempt passes the gate; the others racing it are refused until the delay is over.
      await this.gate.consume(pair);
      await this.gate.block(pair, delay);
    }
    // The pair goes first: attempts its delay refuses never count against the account.
    await this.perAddress.consume(address);
    try {
      await this.perAccount.consume(accountKey(account, device));
    } catch (refused) {
      await this.perAddress.refund(address);
      throw refused;
    }
  }

  /** The password was right: the pair starts afresh and the attempt costs nothing. */
  async succeeded(account: string, address: string, device: string | null = null): Promise<void> {
    const pair = pairKey(account, address);
    await Promise.all([this.attempts.reset(pair), this.gate.reset(pair), this.perAddress.refund(address), this.perAccount.refund(accountKey(account, device))]);
  }
}

const pairKey = (account: string, address: string) => `${account}|${address}`;
const accountKey = (account: string, device: string | null) => (device ? `${account}|device:${device}` : account);

/**
 * The key a successful sign-in hands the device it came from, shown again at its next sign-in:
 * a random id and its HMAC with the account, under the session secret. It proves only that this
 * device signed in to this account before, which buys it a login budget of its own; it opens
 * nothing else. A browser keeps it in an HttpOnly cookie the login route sets (a few accounts'
 * keys in one cookie, DEVICE_COOKIE); an API client may send it as `deviceKey` instead.
 */
export class DeviceKeys {
  constructor(private readonly secret: string) {}

  issue(account: string): string {
    const id = randomBytes(12).toString('base64url');
    return `${id}.${this.mac(account, id)}`;
  }

  /** The device id of the first of `keys` valid for this account, or null. */
  recognise(account: string, keys: Array<string | undefined>): { id: string; key: string } | null {
    for (const key of keys) {
      const [id, mac] = (key ?? '').split('.');
      if (!id || !mac) continue;
      const expected = Buffer.from(this.mac(account, id));
      const given = Buffer.from(mac);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return { id, key: key! };
    }
    return null;
  }

  private mac(account: string, id: string): string {
    return createHmac('sha256', this.secret).update(`login-device|${account}|${id}`).digest('base64url');
  }
}

/**
 * The cookie that carries a browser's device keys to the sign-in routes (`/api/auth/...`): HttpOnly
 * (no script reads it), SameSite=Strict, the keys of the last few accounts signed in from this browser.
 */
export const DEVICE_COOKIE = { name: 'vl_device', maxKeys: 5, ttlMs: 365 * 24 * 3600 * 1000, path: '/api/auth' } as const;

/** The cookie's keys with `key` first, the oldest dropped past the limit. */
export const withDeviceKey = (cookie: string | undefined, key: string): string =>
  [key, ...(cookie ?? '').split('~').filter((k) => k && k !== key)].slice(0, DEVICE_COOKIE.maxKeys).join('~');
