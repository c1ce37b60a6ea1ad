/**
 * What the broker counts of every message (its traffic and the lag of its PUBACK), summed and
 * handed on once the code that counted it has run (a microtask), rather than once a message: the
 * messages of one read, or the PUBACKs of one group commit, share one entry. Nothing outside can
 * see a PUBACK before that: a client's next request is a later task of the event loop
 * (docs/performance.md, "Single-connection ingest", ninth round).
 */
import type { BridgeIdentity } from './routing.js';

/** One bridge's PUBLISHes since the last hand-over: how many, their payload bytes, and how many were dropped. */
export interface Traffic {
  messages: number;
  bytes: number;
  rejected: number;
}

export class MessageTally {
  private traffic = new Map<BridgeIdentity, Traffic>();
  private lags: number[] = [];
  private scheduled = false;

  constructor(
    private readonly flush: (traffic: ReadonlyMap<BridgeIdentity, Traffic>, lagsMs: readonly number[]) => void,
    private readonly later: (work: () => void) => void = queueMicrotask,
  ) {}

  /** A PUBLISH of `bytes` payload bytes, `rejected` when it was dropped. */
  message(bridge: BridgeIdentity, bytes: number, rejected: boolean): void {
    let entry = this.traffic.get(bridge);
    if (!entry) this.traffic.set(bridge, (entry = { messages: 0, bytes: 0, rejected: 0 }));
    entry.messages++;
    entry.bytes += bytes;
    if (rejected) entry.rejected++;
    this.schedule();
  }

  /** A handled message is acknowledged this long after it arrived. */
  acknowledged(lagMs: number): void {
    this.lags.push(lagMs);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.later(() => this.handOn());
  }

  /** Hands on what was counted since the last time (once the counting code has run, or when the broker closes). */
  handOn(): void {
    this.scheduled = false;
    if (!this.traffic.size && !this.lags.length) return;
    const traffic = this.traffic;
    const lags = this.lags;
    this.traffic = new Map();
    this.lags = [];
    this.flush(traffic, lags);
  }
}
