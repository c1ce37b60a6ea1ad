/**
 * Per-connection misbehaviour limits (docs/protocol.md "repeated violations close the connection"):
 * refused publishes and subscriptions, and malformed messages within a minute.
 */
import { MAX_KEEPALIVE_SECONDS } from './protocol.js';

export interface BrokerLimits {
  maxKeepaliveSeconds: number;
  /** Refused publishes and subscriptions a connection may make before it is closed. */
  refusalsBeforeClose: number;
  /** Malformed messages a connection may send within a minute before it is closed. */
  malformedPerMinute: number;
  /** A connection that sends no CONNECT within this time is closed. */
  connectTimeoutMs: number;
}

export const DEFAULT_LIMITS: BrokerLimits = {
  maxKeepaliveSeconds: MAX_KEEPALIVE_SECONDS,
  refusalsBeforeClose: 5,
  malformedPerMinute: 20,
  connectTimeoutMs: 10_000,
};

const MINUTE_MS = 60_000;

/** One connection's count of violations; each method answers true once the connection must close. */
export class Misbehaviour {
  private refusals = 0;
  private malformed = 0;
  private windowStart = 0;

  constructor(
    private readonly limits: BrokerLimits,
    private readonly now: () => number = Date.now,
  ) {}

  refused(): boolean {
    this.refusals++;
    return this.refusals >= this.limits.refusalsBeforeClose;
  }

  malformedMessage(): boolean {
    const now = this.now();
    if (now - this.windowStart > MINUTE_MS) {
      this.windowStart = now;
      this.malformed = 0;
    }
    this.malformed++;
    return this.malformed >= this.limits.malformedPerMinute;
  }
}
