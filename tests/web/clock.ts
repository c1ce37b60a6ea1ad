import { SimulatedClock } from 'xstate';

/**
 * A simulated clock that advances one millisecond at a time, so a timer started by another
 * timer begins at the moment it was started (SimulatedClock.increment jumps to the end first).
 */
export class SteppingClock extends SimulatedClock {
  advance(ms: number): void {
    for (let step = 0; step < ms; step += 1) this.increment(1);
  }
}
