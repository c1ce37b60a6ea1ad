/**
 * Rate limits, one mechanism for every guessable secret and every costly call
 * (docs/security.md): rate-limiter-flexible counters, in memory by default (one process) and in
 * Redis when the scale-out configuration hands in a store. A refused call is a 429 in the
 * envelope with `Retry-After` in whole seconds, which the web app shows as "try again in N
 * minutes".
 */
import Boom from '@hapi/boom';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimitRule {
  /** Calls allowed per window. */
  points: number;
  windowSeconds: number;
  /** Once exhausted, refuse for this long (default: until the window ends). */
  blockSeconds?: number;
}

export interface Limiter {
  /** Counts one call for `key` and answers the calls counted in its window; throws 429 once the key is over its limit. */
  consume(key: string, points?: number): Promise<number>;
  /** Gives back points counted for a call that turned out harmless (a successful login). */
  refund(key: string, points?: number): Promise<void>;
  /** Refuses `key` for `seconds` from now, whatever its count (an escalating delay). */
  block(key: string, seconds: number): Promise<void>;
  /** Forgets a key (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  /** Seconds until `key` may call again, 0 when it may now. */
  retryAfter(key: string): Promise<number>;
}

/** Makes the counter behind a limiter: memory by default; the cluster configuration swaps in Redis. */
export type LimiterStore = (name: string, rule: LimitRule) => RateLimiterAbstract;

export const memoryStore: LimiterStore = (name, rule) =>
  new RateLimiterMemory({ keyPrefix: name, points: rule.points, duration: rule.windowSeconds, blockDuration: rule.blockSeconds ?? 0 });

/**
 * Cluster mode: the counters live in Redis under `prefix`, so every node counts the same calls (a
 * login lockout on one node holds on the others). While Redis cannot answer, each node falls back
 * to its own counters in memory rather than refusing everyone or letting everyone through.
 */
export function redisStore(client: Redis, prefix: string): LimiterStore {
  return (name, rule) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `${prefix}:limit:${name}`,
      points: rule.points,
      duration: rule.windowSeconds,
      blockDuration: rule.blockSeconds ?? 0,
      insuranceLimiter: memoryStore(name, rule),
    });
}

export function tooManyRequests(retryAfterSeconds: number, message = 'Too many attempts. Please try again later.'): Boom.Boom {
  const err = Boom.tooManyRequests(message);
  err.output.headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return err;
}

export class RateLimits {
  private readonly limiters = new Map<string, Limiter>();

  constructor(private readonly store: LimiterStore = memoryStore) {}

  /** The limiter called `name`; the first call for a name fixes its rule. */
  limiter(name: string, rule: LimitRule, message?: string): Limiter {
    const existing = this.limiters.get(name);
    if (existing) return existing;
    const counter = this.store(name, rule);
    const limiter: Limiter = {
      async consume(key, points = 1) {
        try {
          return (await counter.consume(key, points)).consumedPoints;
        } catch (refused) {
          if (refused instanceof RateLimiterRes) throw tooManyRequests(refused.msBeforeNext / 1000, message);
          throw refused;
        }
      },
      async refund(key, points = 1) {
        await counter.reward(key, points);
      },
      async block(key, seconds) {
        await counter.block(key, seconds);
      },
      async reset(key) {
        await counter.delete(key);
      },
      async retryAfter(key) {
        const state = await counter.get(key);
        if (!state || state.remainingPoints > 0) return 0;
        return Math.ceil(state.msBeforeNext / 1000);
      },
    };
    this.limiters.set(name, limiter);
    return limiter;
  }
}
