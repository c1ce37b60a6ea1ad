/** A clock for the command service that moves only when the test says so. */
import type { Clock } from '../../src/modules/commands/commands.js';

export class TestClock implements Clock {
  private timers: Array<{ at: number; fire: () => void }> = [];

  constructor(private ms = Date.now()) {}

  now(): number {
    return this.ms;
  }

  setTimer(ms: number, fire: () => void): () => void {
    const timer = { at: this.ms + ms, fire };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves time forward, firing every timer that comes due. */
  advance(ms: number): void {
    this.ms += ms;
    const due = this.timers.filter((t) => t.at <= this.ms);
    this.timers = this.timers.filter((t) => t.at > this.ms);
    for (const t of due) t.fire();
  }

  get pending(): number {
    return this.timers.length;
  }
}
