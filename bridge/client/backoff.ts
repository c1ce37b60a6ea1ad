/**
 * How long a bridge waits before its next connection attempt (docs/protocol.md, "Reconnecting"):
 * exponential from a base, jittered so that a fleet cut off together does not come back in one
 * burst, capped so that a link is never left idle for more than a minute. A refusal of the
 * credentials (CONNACK "bad user name or password" or "not authorized") waits longer from the
 * start: the secret is not going to change within seconds, and a fleet with a rotated secret must
 * not hammer the server's password check.
 */
import type { Random } from './random';

export interface BackoffConfig {
  /** The first wait after a failure. */
  minMs: number;
  /** The longest wait. */
  maxMs: number;
  /** The first wait after the credentials were refused. */
  refusedMs: number;
}

export const DEFAULT_MAX_MS = 60_000;
/** Jittered down by up to a quarter: the first wait after a refused secret is 30 to 40 s. */
export const DEFAULT_REFUSED_MS = 40_000;

/** The jitter takes up to a quarter off each wait: never longer than the cap, rarely the same for two bridges. */
const JITTER = 0.25;

/** MQTT 3.1.1 §3.2.2.3 return codes 4 and 5 (and MQTT 5's 0x86, 0x87): the broker refused who we are. */
export const CREDENTIALS_REFUSED = new Set([4, 5, 0x86, 0x87]);

/** The wait before attempt `failures + 1`, after `failures` failed attempts in a row (1 or more). */
export function reconnectDelay(failures: number, credentialsRefused: boolean, config: BackoffConfig, random: Random): number {
  const base = credentialsRefused ? Math.max(config.refusedMs, config.minMs) : config.minMs;
  const step = Math.min(config.maxMs, base * 2 ** Math.min(30, Math.max(0, failures - 1)));
  return Math.max(1, Math.round(step * random.between(1 - JITTER, 1)));
}

/** A configuration with the documented defaults for what is not given. */
export function backoffConfig(minMs: number, overrides: Partial<Omit<BackoffConfig, 'minMs'>> = {}): BackoffConfig {
  const maxMs = overrides.maxMs ?? DEFAULT_MAX_MS;
  if (!(minMs > 0) || !(maxMs >= minMs)) throw new RangeError(`reconnect delays need 0 < min (${minMs}) <= max (${maxMs})`);
  return { minMs, maxMs, refusedMs: Math.min(maxMs, overrides.refusedMs ?? DEFAULT_REFUSED_MS) };
}
