/**
 * Group commit: work submitted while a batch is being written waits and goes into the next
 * batch, so one transaction carries many messages and its cost is shared. Before each batch the
 * event loop reads the sockets once more, so what the connections sent meanwhile joins it rather
 * than the batch after (docs/performance.md, "Single-connection ingest"). Callers learn that
 * their item is committed when the batch is; batches are written one at a time, in order.
 * When a batch fails, its items are written one by one, so one bad item (a bridge deleted
 * meanwhile, say) fails alone instead of taking the others with it.
 *
 * A sender with many messages in the queue gets half of them written first. A bridge keeps a
 * window of messages in flight and sends the next ones as the acknowledgements come back:
 * committed all at once, its window would be answered all together, and the bridge would turn
 * the whole window around while the server sat waiting for it, then the server would commit
 * while the bridge waited. Half at a time, the bridge refills the first half while the second is
 * written (docs/performance.md, "Single-connection ingest", eleventh round). Many senders with a
 * few messages each already take turns like that, and are written together.
 *
 * A sender that waits for a whole window's acknowledgements before it sends the next window (a
 * bridge flushing its queue 200 at a time) gains nothing from the halves: it sends nothing while
 * the rest is written, so every half is one more commit its window waits for (200 messages took
 * five). Such a sender shows itself: twice in a row, what was left of its queue is all that is
 * queued, nothing new having come meanwhile, where a sender that refills sends its next messages
 * while the second half is written. Its queue is then written whole, for WHOLE_WINDOWS_MS, after
 * which it is watched again (a sender may change its ways), at the cost of a few halves.
 */

/** A sender with this many messages queued or fewer has them written in one batch: splitting so few costs more than it overlaps. */
export const SPLIT_ABOVE = 24;
/** How long a sender found to wait for whole windows has its queue written whole before it is watched again. */
export const WHOLE_WINDOWS_MS = 2000;

/** What the queue knows of a sender's habits (see the top of the file). */
interface SenderHabit {
  /** Its messages submitted since the last batch was taken. */
  fresh: number;
  /** Its messages a split left queued at the last batch taken. */
  left: number;
  /** Batches taken in a row that found only what the last had left of its messages. */
  idle: number;
  /** Until when its queue is written whole (performance.now()), 0 when watched. */
  wholeUntil: number;
}

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<T> {
  private queue: Array<Waiting<T>> = [];
  private running = false;
  private submitted = 0;
  private settled = 0;
  private settledWaiters: Array<{ upTo: number; resolve: () => void }> = [];
  private readonly habits = new Map<unknown, SenderHabit>();

  constructor(
    private readonly commit: (items: T[]) => Promise<void>,
    /** Who sent an item (without it, every item counts as one sender's). */
    private readonly senderOf: (item: T) => unknown = () => null,
    private readonly maxBatch = 2000,
  ) {}

  submit(item: T): Promise<void> {
    this.submitted++;
    const habit = this.habits.get(this.senderOf(item));
    if (habit) habit.fresh++;
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Everything that arrives in this turn of the event loop joins the first batch.
        setImmediate(() => void this.run());
      }
    });
  }

  /** Items submitted and not yet committed or failed: those waiting and those of the batch being written. */
  get pending(): number {
    return this.submitted - this.settled;
  }

  /** Resolves once everything submitted so far is committed (or failed), however busy the queue stays. */
  drained(): Promise<void> {
    if (this.settled >= this.submitted) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push({ upTo: this.submitted, resolve }));
  }

  private async run(): Promise<void> {
    for (let first = true; this.queue.length; first = false) {
      // The first batch starts after a turn of the event loop already (submit); the later ones
      // would otherwise start in the same turn, before the sockets are read.
      if (!first) await new Promise((resolve) => setImmediate(resolve));
      const batch = this.queue.splice(0, this.batchLength());
      try {
        await this.commit(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (err) {
        if (batch.length === 1) batch[0].reject(err);
        else for (const w of batch) await this.commit([w.item]).then(w.resolve, w.reject);
      }
      this.settled += batch.length;
      const waiting = this.settledWaiters;
      this.settledWaiters = waiting.filter((w) => w.upTo > this.settled);
      for (const w of waiting) if (w.upTo <= this.settled) w.resolve();
    }
    this.running = false;
  }

  /**
   * How much of the queue the next batch takes: the longest start of it (so the queue keeps its
   * order) in which no sender with more than SPLIT_ABOVE messages queued has more than half of them.
   */
  private batchLength(): number {
    const end = Math.min(this.queue.length, this.maxBatch);
    if (end <= SPLIT_ABOVE) {
      // Nothing is split: what a sender had left is taken with the rest, and a sender no longer
      // written whole is forgotten (the map holds only senders with long queues of late).
      const now = performance.now();
      for (const [sender, habit] of this.habits) {
        if (habit.wholeUntil <= now) this.habits.delete(sender);
        else habit.fresh = habit.left = habit.idle = 0;
      }
      return end;
    }
    const queued = new Map<unknown, number>();
    for (let i = 0; i < end; i++) {
      const sender = this.senderOf(this.queue[i].item);
      queued.set(sender, (queued.get(sender) ?? 0) + 1);
    }
    const now = performance.now();
    // Which of the senders with a long queue have it split: those not found to wait for whole windows.
    const split = new Set<unknown>();
    for (const [sender, count] of queued) {
      if (count <= SPLIT_ABOVE) continue;
      let habit = this.habits.get(sender);
      if (!habit) this.habits.set(sender, (habit = { fresh: count, left: 0, idle: 0, wholeUntil: 0 }));
      if (habit.wholeUntil > now) continue;
      habit.idle = habit.left > 0 && habit.fresh === 0 ? habit.idle + 1 : 0;
      if (habit.idle >= 2) {
        habit.wholeUntil = now + WHOLE_WINDOWS_MS;
        habit.idle = 0;
        continue;
      }
      split.add(sender);
    }
    const taken = new Map<unknown, number>();
    let length = end;
    for (let i = 0; i < end; i++) {
      const sender = this.senderOf(this.queue[i].item);
      const take = (taken.get(sender) ?? 0) + 1;
      if (split.has(sender) && take > Math.ceil(queued.get(sender)! / 2)) {
        length = i;
        break;
      }
      taken.set(sender, take);
    }
    // What each sender has left queued, and nothing fresh yet; senders with nothing queued are forgotten.
    for (const [sender, habit] of this.habits) {
      const count = queued.get(sender);
      if (count === undefined && habit.wholeUntil <= now) {
        this.habits.delete(sender);
        continue;
      }
      habit.left = (count ?? 0) - (taken.get(sender) ?? 0);
      habit.fresh = 0;
    }
    return length;
  }
}
