/**
 * The server's one clock (docs/architecture.md, "One clock"). Every module reads the time from
 * `ctx.clock` and sets its timers on it; a test stops it (`set`), moves it (`advance`) and lets it
 * run again (`reset`), and every module sees the same time: no module keeps a clock of its own.
 */

/** What reads the time. */
export interface Clock {
  now(): number;
}

/** What also waits: a timer that fires after `ms` on this clock; the answer cancels it. */
export interface TimerClock extends Clock {
  setTimer(ms: number, fire: () => void): () => void;
}

interface StoppedTimer {
  at: number;
  fire: () => void;
}

export class ServerClock implements TimerClock {
  /** Where a test stopped the clock; null while it follows the wall clock. */
  private stoppedAt: number | null = null;
  /** How far a running clock is ahead of the wall clock (moved by `advance`). */
  private aheadMs = 0;
  private stoppedTimers = new Set<StoppedTimer>();

  now(): number {
    return this.stoppedAt ?? Date.now() + this.aheadMs;
  }

  /** A real timer while the clock runs; while it is stopped, one that fires when a test advances past it. */
  setTimer(ms: number, fire: () => void): () => void {
    if (this.stoppedAt === null) {
      const timer = setTimeout(fire, ms);
      timer.unref();
      return () => clearTimeout(timer);
    }
    const timer = { at: this.stoppedAt + ms, fire };
    this.stoppedTimers.add(timer);
    return () => this.stoppedTimers.delete(timer);
  }

  /** Stops the clock at `ms` (a test's "now"). */
  set(ms: number): void {
    this.stoppedAt = ms;
    this.fireDue();
  }

  /**
   * Moves the clock `ms` forward: a stopped clock fires the timers that come due; a running one
   * keeps running, that much further ahead of the wall clock.
   */
  advance(ms: number): void {
    if (this.stoppedAt === null) this.aheadMs += ms;
    else this.set(this.stoppedAt + ms);
  }

  /** Follows the wall clock again; timers set while it was stopped keep their remaining time. */
  reset(): void {
    const stoppedAt = this.stoppedAt;
    this.stoppedAt = null;
    this.aheadMs = 0;
    if (stoppedAt === null) return;
    const pending = [...this.stoppedTimers];
    this.stoppedTimers.clear();
    for (const timer of pending) this.setTimer(Math.max(0, timer.at - stoppedAt), timer.fire);
  }

  /** Timers waiting for a stopped clock to move (tests assert none is left behind). */
  get pending(): number {
    return this.stoppedTimers.size;
  }

  private fireDue(): void {
    const due = [...this.stoppedTimers].filter((t) => t.at <= this.stoppedAt!).sort((a, b) => a.at - b.at);
    for (const timer of due) {
      this.stoppedTimers.delete(timer);
      timer.fire();
    }
  }
}
