/**
 * Store and forward: deltas measured while the link is down wait here, already serialised with
 * their original timestamps, and go out in order after reconnecting. The buffer is a fixed ring so
 * that a long outage costs a bounded amount of memory: when full, the oldest delta is dropped
 * (and counted), since the newest values matter most to whoever looks at the vessel.
 */
/** Where deltas wait while the link is down: this in-memory ring, or the bridge agent's disk queue. */
export interface DeltaStore {
  /** Deltas waiting. */
  readonly length: number;
  /** Deltas dropped (or summarised away) to stay within the store's limits. */
  readonly dropped: number;
  push(payload: string): void;
  /** The waiting deltas, oldest first, handed over for sending. */
  drain(): Iterable<string>;
  /** The broker acknowledged the oldest drained delta not yet acknowledged: it may be forgotten. */
  acknowledged?(): void;
}

export class DeltaBuffer implements DeltaStore {
  private readonly ring: Array<string | undefined>;
  private head = 0;
  private size = 0;
  /** Deltas dropped because the buffer was full. */
  dropped = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`Buffer capacity must be a positive integer, got ${capacity}`);
    // Grows up to capacity rather than preallocating: most bridges of a fleet never buffer.
    this.ring = [];
  }

  get length(): number {
    return this.size;
  }

  push(payload: string): void {
    if (this.size === this.capacity) {
      this.ring[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.size -= 1;
      this.dropped += 1;
    }
    this.ring[(this.head + this.size) % this.capacity] = payload;
    this.size += 1;
  }

  /** Empties the buffer oldest first. */
  *drain(): Generator<string> {
    while (this.size > 0) {
      const payload = this.ring[this.head] as string;
      this.ring[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
      this.size -= 1;
      yield payload;
    }
    this.ring.length = 0;
    this.head = 0;
  }
}
