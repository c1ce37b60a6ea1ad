/**
 * One clock for many bridges. A thousand bridges with a timer each would be a thousand timers
 * firing at once; instead the ticker splits its period into slots, puts each bridge in one slot,
 * and wakes up once per slot. The broker then sees an even stream of deltas rather than a burst
 * every second.
 */
export interface TickListener {
  tick(): void;
}

/** A slot is never shorter than this, so short test ticks still run as one slot. */
const MIN_SLOT_MS = 50;
const MAX_SLOTS = 20;

export class Ticker {
  private readonly slots: Array<Set<TickListener>>;
  private readonly slotMs: number;
  private slot = 0;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** When the next slot is due: slots are scheduled against the clock so that ticks do not drift. */
  private nextAt = 0;
  private members = 0;

  constructor(readonly tickMs: number) {
    if (!Number.isFinite(tickMs) || tickMs <= 0) throw new RangeError(`tickMs must be a positive number, got ${tickMs}`);
    const count = Math.max(1, Math.min(MAX_SLOTS, Math.floor(tickMs / MIN_SLOT_MS)));
    this.slots = Array.from({ length: count }, () => new Set<TickListener>());
    this.slotMs = tickMs / count;
  }

  add(listener: TickListener): void {
    const emptiest = this.slots.reduce((best, slot) => (slot.size < best.size ? slot : best));
    emptiest.add(listener);
    this.members += 1;
    if (!this.running) {
      this.running = true;
      this.nextAt = Date.now() + this.slotMs;
      this.schedule();
    }
  }

  remove(listener: TickListener): void {
    for (const slot of this.slots) if (slot.delete(listener)) this.members -= 1;
    // Without listeners the timer would keep the process alive for nothing.
    if (this.members === 0) this.stop();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    this.timer = setTimeout(() => this.fire(), Math.max(0, this.nextAt - Date.now()));
  }

  private fire(): void {
    this.timer = undefined;
    const listeners = this.slots[this.slot];
    this.slot = (this.slot + 1) % this.slots.length;
    for (const listener of listeners) listener.tick();
    // A listener may have stopped the ticker, or stopped and restarted it, while ticking.
    if (!this.running || this.timer) return;
    this.nextAt += this.slotMs;
    // After a stall (a suspended laptop, a debugger) carry on from now instead of racing to catch up.
    if (Date.now() - this.nextAt > this.tickMs) this.nextAt = Date.now() + this.slotMs;
    this.schedule();
  }
}
